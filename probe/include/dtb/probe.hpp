// dtb probe, C++: an owning wrapper of the C handle (dtb/probe.h) and the templated fast
// path for engines that hold positions as dtb::Position<V>.
//
//   dtb::probe::Tablebase tb("tables/russian", 64 << 20);          // throws dtb::probe::Error
//   dtb::Value v;
//   if (tb.probe("W:WKa1,Kc3:Bh8", dtb::probe::want_dtw, v) == dtb::probe::Status::ok) ...
//
//   auto prober = tb.prober<dtb::Russian>();   // checks once that the tables are russian
//   prober.value(position, dtb::probe::want_wdl, v);   // no FEN, no dispatch, no lock
#pragma once

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "dtb/core/value.hpp"
#include "dtb/probe.h"
#include "dtb/probe/counters_distance.hpp"
#include "dtb/probe/counters_prober.hpp"
#include "dtb/probe/handle.hpp"
#include "dtb/probe/prober.hpp"
#include "dtb/probe/status.hpp"

namespace dtb::probe {

// Opening failed, or a prober was asked for another variant than the tables'.
class Error : public std::runtime_error {
  public:
    Error(Status s, const std::string& what) : std::runtime_error(what), status_(s) {}
    Status status() const { return status_; }

  private:
    Status status_;
};

// The Handle behind a C handle (c_api.cpp).
const Handle& handle_of(const dtb_tb* tb);

// A move's text and the value after it (for the side to move there).
struct MoveValue {
    std::string move;
    Value after;
};

class Tablebase {
  public:
    // Opens dir, or a search path "DIR1:DIR2:..." (variant from the manifests, or named).
    // Throws Error.
    explicit Tablebase(const std::filesystem::path& dir, std::size_t cache_bytes = 64 << 20) {
        check(dtb_open(dir.c_str(), cache_bytes, &raw_));
    }
    Tablebase(const std::filesystem::path& dir, const std::string& variant,
              std::size_t cache_bytes) {
        check(dtb_open_variant(dir.c_str(), variant.c_str(), cache_bytes, &raw_));
    }
    Tablebase(Tablebase&& o) noexcept : raw_(o.raw_) { o.raw_ = nullptr; }
    Tablebase& operator=(Tablebase&& o) noexcept {
        std::swap(raw_, o.raw_);
        return *this;
    }
    Tablebase(const Tablebase&) = delete;
    Tablebase& operator=(const Tablebase&) = delete;
    ~Tablebase() { dtb_close(raw_); }

    std::string_view variant() const { return dtb_variant(raw_); }
    VariantId variant_id() const { return handle_of(raw_).variant(); }
    dtb_tb* c_handle() const { return raw_; }

    // The value of a FEN position for the side to move. On failure, *message says why.
    Status probe(const std::string& fen, int want, Value& out,
                 std::string* message = nullptr) const {
        dtb_value v;
        const auto s = Status(dtb_probe_fen(raw_, fen.c_str(), want, &v));
        if (s == Status::ok) {
            out = {Wdl(v.wdl), std::uint16_t(v.dtw < 0 ? 0 : v.dtw),
                   std::uint16_t(v.dtc < 0 ? 0 : v.dtc)};
        } else if (message) {
            *message = dtb_error_message();
        }
        return s;
    }

    // Every legal move with its value, best first.
    Status best_moves(const std::string& fen, std::vector<MoveValue>& out,
                      std::string* message = nullptr) const {
        out.clear();
        std::vector<dtb_move> moves(64);
        std::size_t n = 0;
        auto s = Status(dtb_best_moves(raw_, fen.c_str(), moves.data(), moves.size(), &n));
        if (s == Status::buffer) {
            moves.resize(n);
            s = Status(dtb_best_moves(raw_, fen.c_str(), moves.data(), moves.size(), &n));
        }
        if (s != Status::ok) {
            if (message) *message = dtb_error_message();
            return s;
        }
        for (std::size_t i = 0; i < n; ++i)
            out.push_back({moves[i].text,
                           {Wdl(moves[i].after.wdl), std::uint16_t(moves[i].after.dtw),
                            std::uint16_t(moves[i].after.dtc)}});
        return s;
    }

    // What is installed (dtb_material_count ...): the materials with a WDL table and their
    // tables (DTB_HAS_* flags), fewest pieces first, and the largest number of pieces.
    struct Installed {
        std::string material;
        int tables = 0;
    };
    std::vector<Installed> materials() const {
        std::vector<Installed> out;
        for (int i = 0; i < dtb_material_count(raw_); ++i)
            out.push_back({dtb_material_name(raw_, i), dtb_material_tables(raw_, i)});
        return out;
    }
    int largest() const { return dtb_largest(raw_); }

    // The root probe (dtb_probe_root): every legal move of p with its value and rank, best
    // first, under the counters when they are given.
    Status probe_root(const dtb_position& p, const dtb_counters* counters,
                      std::vector<dtb_root_move>& out, std::string* message = nullptr) const {
        out.assign(64, dtb_root_move{});
        std::size_t n = 0;
        auto s = Status(dtb_probe_root(raw_, &p, counters, out.data(), out.size(), &n));
        if (s == Status::buffer) {
            out.resize(n);
            s = Status(dtb_probe_root(raw_, &p, counters, out.data(), out.size(), &n));
        }
        out.resize(s == Status::ok ? n : 0);
        if (s != Status::ok && message) *message = dtb_error_message();
        return s;
    }

    // The fast path: a prober for the tables' variant V (throws Error for another variant).
    // It lives as long as this Tablebase and may be used by many threads.
    template <class V>
    Prober<V> prober() const {
        const Handle& h = handle_of(raw_);
        if (h.variant_name() != V::name)
            throw Error(Status::variant, "the tables are " + std::string(h.variant_name()) +
                                             ", not " + std::string(V::name));
        return Prober<V>(h.store());
    }

    // The fast path under the draw counters: a prober of the counters' tables for V, under the
    // counter set they were generated with (throws Error for another variant).
    template <class V>
    CountersProber<V> counters_prober() const {
        const Handle& h = handle_of(raw_);
        const Prober<V> checked = prober<V>();
        (void)checked;
        const CounterSet* set = find_counter_set<V>(h.counter_set_name());
        if (!set)
            throw Error(Status::variant, "the tables follow the counter set '" +
                                             h.counter_set_name() + "', which " +
                                             std::string(V::name) + " does not have");
        if (!h.stale_counters().empty()) throw Error(Status::variant, h.stale_counters());
        return CountersProber<V>(h.store(), *set);
    }

  private:
    static void check(dtb_status s) {
        if (s != DTB_OK) throw Error(Status(s), dtb_error_message());
    }
    dtb_tb* raw_ = nullptr;
};

}  // namespace dtb::probe
