// Where the solved values of a dtb gen run (generation.hpp) reside while later materials look
// into them, behind one lookup (the exits of SolvedSlices and CountersSlices):
//
//   held      a slice in memory, its WDL and DTW coded (exit_code.hpp); the values under the
//             counters beside it (counters_solve.hpp);
//   scratch   under --memory, a slice or a counters' fresh view spilled, largest first, to make
//             room: moved to an uncompressed scratch file mapped read-only
//             (scratch_values.hpp), as is a slice solved in files; a large held slice is
//             copied there too, for a stopped run's successor to take over;
//   tables    what was never held (a material a resumed run kept, or another rank solved),
//             read from its written tables through the prober (probed_values.hpp); under
//             ranks, read back from them into a held slice first (hold_from_tables).
//
// It starts in memory alone. read_from_files() is the one step to the second state, where
// what is not held is looked up in the scratch files and the written tables; the scratch
// directory (DIR/.dtb-scratch, one per rank) is this object's from then on, removed with it
// whether the run finished or not.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <string_view>

#include "../probed_values.hpp"
#include "../scratch_values.hpp"
#include "dtb/compress/kill_point.hpp"
#include "dtb/gen/estimate.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/gen/run/array_stock.hpp"
#include "dtb/gen/run/ranks.hpp"
#include "dtb/gen/run/solved_slices.hpp"
#include "dtb/gen/solver/coded_slice.hpp"
#include "dtb/gen/tables/read_back.hpp"
#include "dtb/probe/store.hpp"

namespace dtb::gen {

// The run's scratch directory in o.out: one per rank of a distributed run.
inline std::filesystem::path scratch_dir(const GenOptions& o, const Ranks* ranks) {
    return o.out / (".dtb-scratch" + (ranks ? "-rank" + std::to_string(ranks->rank()) : ""));
}
// Where in it the let-go slices' values go (what a stopped run's successor takes over).
inline std::filesystem::path pure_scratch_dir(const GenOptions& o, const Ranks* ranks) {
    return scratch_dir(o, ranks) / "pure";
}

template <class V>
class Residency {
  public:
    enum class State {
        memory,  // what is not held is not looked into
        files,   // what is not held is read from scratch files, else the written tables
    };

    // counters: the values under the counters, null without them. taken_over: the materials
    // whose scratch files a stopped run left, mapped when the files are opened.
    Residency(VariantId variant, const GenOptions& o, const Ranks* ranks,
              std::unique_ptr<CountersSlices<V>> counters, const std::set<Material>& taken_over)
        : variant_(variant),
          o_(o),
          distributed_(ranks != nullptr),
          dir_(scratch_dir(o, ranks)),
          taken_over_(taken_over),
          counters_(std::move(counters)) {
        slices_.set_max_pieces(o.pieces);
    }
    // The scratch files go with the run, finished or not.
    ~Residency() {
        scratch_.reset();
        scratch_fresh_.reset();
        if (state_ == State::files) {
            compress::kill_point("scratch.removing");  // its files gone, the directory not
            std::error_code ec;
            std::filesystem::remove_all(dir_, ec);
        }
    }
    Residency(const Residency&) = delete;
    Residency& operator=(const Residency&) = delete;

    SolvedSlices<V>& slices() { return slices_; }
    CountersSlices<V>* counters() { return counters_.get(); }
    const CountersSlices<V>* counters() const { return counters_.get(); }
    // Arrays of slices no longer needed, for the next ones (no fresh pages to zero).
    ArrayStock& stock() { return stock_; }
    State state() const { return state_; }

    // The scratch directories in out of every rank of the run, but the values of the slices
    // this run takes over from a stopped one: a killed run's. Before the files are opened.
    void remove_left_behind() const {
        for (const auto& e : std::filesystem::directory_iterator(o_.out)) {
            if (!e.path().filename().string().starts_with(".dtb-scratch")) continue;
            if (e.path() != dir_ || taken_over_.empty()) {
                std::filesystem::remove_all(e.path());
                continue;
            }
            for (const auto& f : std::filesystem::directory_iterator(e.path()))
                if (f.path() != pure_dir()) std::filesystem::remove_all(f.path());
        }
    }

    // From memory alone to files: from now on, what is not held is read from scratch files
    // where it was spilled, from the written tables where it was never held. Once; the
    // scratch directory is made now and goes with this object.
    void read_from_files() {
        if (state_ == State::files) return;
        state_ = State::files;
        store_ = std::make_unique<probe::Store>(o_.out, variant_, cache_bytes());
        written_ = std::make_unique<ProbedValues<V>>(*store_);
        scratch_ = std::make_unique<ScratchValues<V>>(pure_dir(), *written_, variant_, taken_over_);
        slices_.read_unheld_from(scratch_.get());
        if (counters_) {
            written_fresh_ =
                std::make_unique<ProbedFreshValues<V>>(*store_, counters_->counter_set());
            scratch_fresh_ =
                std::make_unique<ScratchValues<V>>(dir_ / "counters", *written_fresh_, variant_);
            counters_->read_unheld_from(scratch_fresh_.get());
        }
    }

    // What the run holds: slices, values under the counters, stocked arrays, the tables'
    // cache.
    std::uint64_t held_bytes() const {
        return slices_.bytes() + (counters_ ? counters_->bytes() : 0) + stock_.bytes() +
               (state_ == State::files ? cache_bytes() : 0);
    }

    // Under --memory: held slices spilled, largest first (pure ones, and fresh views under the
    // counters), until m's work fits beside what is held; later materials read them from
    // mapped scratch files. Returns how many. A material whose work alone passes the budget
    // lets nothing go: it is solved in files (solve_in_files), whose pages the kernel drops
    // as it needs.
    int make_room(const Material& m) {
        if (!o_.memory) return 0;
        const std::uint64_t need = work_of(m);
        if (need > o_.memory) return 0;
        int spilled = 0;
        while (held_bytes() + need > o_.memory) {
            if (stock_.bytes() > 0) {
                stock_.clear();
                continue;
            }
            const auto pure = slices_.largest();
            const auto fresh = counters_ ? counters_->largest_fresh_only() : std::nullopt;
            if (!pure && !fresh) break;
            read_from_files();
            // Mapped from scratch, then freed (not stocked: the memory is what is short).
            if (pure && (!fresh || pure->second >= fresh->second)) {
                scratch_->add(*slices_.slice(pure->first));
                slices_.remove(pure->first);
            } else {
                scratch_fresh_->add(*counters_->held(fresh->first)->fresh);
                counters_->remove(fresh->first);
            }
            ++spilled;
            compress::kill_point("scratch.spilled");
        }
        return spilled;
    }

    // Under --memory: whether m's work does not fit beside what is held even after
    // make_room; then its arrays (slice, twin, values under the counters) are taken from
    // files in the scratch directory until its step ends (release_files); the solver keeps
    // two waves of blocks in memory.
    bool solve_in_files(const Material& m) {
        if (!o_.memory || held_bytes() + work_of(m) <= o_.memory) return false;
        read_from_files();
        if (!array_files_) array_files_ = std::make_unique<ArrayFiles>(dir_ / "arrays");
        stock_.clear();
        stock_.put_in(array_files_.get());
        compress::kill_point("scratch.in_files");
        return true;
    }
    // The step is over: arrays come from memory again.
    void release_files() { stock_.put_in(nullptr); }

    // Later slices need only WDL and DTW of a slice; its DTC and capture flags served the
    // tables and go back to the stock.
    void trim(Slice<V>& slice) {
        for (auto& v : slice.dtc) stock_.give(v);
        for (auto& v : slice.capture) stock_.give(v);
    }

    // A slice just solved, for the materials after it that look into it (looked_into): coded,
    // a third of the memory (exit_code.hpp), and copied to scratch when large; one solved in
    // files goes to a scratch file at once instead of staying in its files. One nothing
    // looks into goes.
    void keep_for_later(std::unique_ptr<Slice<V>> slice, bool looked_into) {
        if (!slice) return;
        if (!looked_into) {
            slice->give_arrays(stock_);
        } else if (in_files(slice->wdl[0])) {
            read_from_files();
            scratch_->add(*slice);
            slice->give_arrays(stock_);
        } else {
            code_for_exits(*slice, stock_);
            if (worth_a_copy(*slice)) {
                read_from_files();
                scratch_->keep_copy(*slice);
            }
            slices_.add(std::move(slice));
        }
    }

    // Distributed: m, finished on another rank or found written, read back from its tables
    // and its twin's into a held slice (read_back.hpp), as if solved here, when this rank
    // does not hold it (in memory or scratch). Looked up position by position in the
    // compressed tables instead, it made the materials looking into it 2.2-4 times slower
    // (docs/performance.md). False when held already, or the tables cannot give it (then
    // they are read as before). Throws compress::TableError when a table is damaged.
    bool hold_from_tables(const Material& m) {
        read_from_files();
        for (const Material& x : {m, m.flipped()})
            if (slices_.slice(x)) return false;
        if (scratch_->maps(m)) return false;
        auto slice = gen::read_back<V>(o_.out, variant_, m, slices_.exits(), &stock_);
        if (!slice) return false;
        code_for_exits(*slice, stock_);
        slices_.add(std::move(slice));
        compress::kill_point("ranks.read_back");
        return true;
    }

    // m's values, and those under the counters, spilled wherever they reside: no material
    // still to solve looks into them.
    void release(const Material& m) {
        if (const auto gone = slices_.remove(m)) gone->give_arrays(stock_);
        if (counters_) counters_->remove(m);
        for (auto* scratch : {scratch_.get(), scratch_fresh_.get()})
            if (scratch) scratch->remove(m);
    }

  private:
    std::filesystem::path pure_dir() const { return dir_ / "pure"; }

    // Under --memory, a held slice of more than a thousandth of the budget also goes to a
    // scratch file: a stopped run's successor takes it over instead of solving it again
    // with what it looks into (the smaller ones take seconds).
    bool worth_a_copy(const Slice<V>& s) const {
        return o_.memory && !distributed_ && slice_bytes(s) * 1000 >= o_.memory;
    }

    // The memory solving m takes beside what is held (estimate.hpp's model).
    std::uint64_t work_of(const Material& m) const {
        return working_bytes(Index<V>(m).size(), counters_ != nullptr);
    }

    // The block cache of the tables read back under --memory (estimate.hpp).
    std::size_t cache_bytes() const { return std::size_t(table_cache_bytes(o_.memory)); }

    const VariantId variant_;
    const GenOptions& o_;
    const bool distributed_;
    const std::filesystem::path dir_;
    const std::set<Material>& taken_over_;
    State state_ = State::memory;
    SolvedSlices<V> slices_;
    // In State::files: the written tables, and the scratch files over them.
    std::unique_ptr<probe::Store> store_;
    std::unique_ptr<ProbedValues<V>> written_;
    std::unique_ptr<ProbedFreshValues<V>> written_fresh_;
    std::unique_ptr<ScratchValues<V>> scratch_, scratch_fresh_;  // over written_, written_fresh_
    std::unique_ptr<ArrayFiles> array_files_;      // where a slice too large for --memory is solved
    std::unique_ptr<CountersSlices<V>> counters_;  // the values under the counters, or null
    ArrayStock stock_;
};

}  // namespace dtb::gen
