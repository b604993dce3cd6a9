// One dtb gen run of variant V (dtb/gen/generate.hpp), as the list of its steps: plan what
// the directory needs (plan.hpp); then for each material of the order, once what it looks
// into is finished (rank_coordination.hpp) and, under ranks, read back where another rank
// solved it, solve it (or keep it, or solve it again in memory, as the plan says), write it
// and its twin, solve and write its values under the counters, record it in the manifest
// (compress/manifest.hpp), and keep for later what later materials look into
// (residency.hpp). Compiled once per variant (variant_entry_points.hpp).
#pragma once

#include <omp.h>

#include <array>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "../distance_tables.hpp"
#include "../slice_entry.hpp"
#include "dtb/compress/kill_point.hpp"
#include "dtb/compress/manifest.hpp"
#include "dtb/compress/table_dir.hpp"
#include "dtb/gen/counters/counters_solve.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/gen/run/resume_plan.hpp"
#include "dtb/gen/tables/counters_files.hpp"
#include "dtb/gen/tables/read_back.hpp"
#include "dtb/gen/tables/slice_stats.hpp"
#include "dtb/gen/tables/table_files.hpp"
#include "plan.hpp"
#include "rank_coordination.hpp"
#include "residency.hpp"

namespace dtb::gen {

template <class V>
class Generation {
  public:
    Generation(VariantId id, const GenOptions& o, const GenCallbacks& cb)
        : variant_(id), o_(o), cb_(cb), ranks_(o.ranks) {}
    Generation(const Generation&) = delete;
    Generation& operator=(const Generation&) = delete;

    GenSummary run() {
        const auto t0 = Clock::now();
        if (o_.threads > 0) omp_set_num_threads(o_.threads);
        refuse_what_ranks_cannot_do();
        auto counters = plan_counters();
        if (const auto why = compress::directory_conflict(
                o_.out, variant_, counters ? std::string_view(counters->counter_set().name) : ""))
            throw std::invalid_argument(*why);
        read_manifest();
        plan_.emplace(
            variant_, o_, manifest_,
            ranks_.distributed() ? std::filesystem::path() : pure_scratch_dir(o_, nullptr));
        plan_->check(cb_);
        remaining_ = plan_->positions();
        residency_.emplace(variant_, o_, ranks_.ranks(), std::move(counters), plan_->taken_over());
        // Only now: a run refused while planning leaves no directory behind.
        std::filesystem::create_directories(o_.out);
        if (ranks_.writes_manifest()) residency_->remove_left_behind();
        compress::kill_point("gen.planned");
        if (!plan_->taken_over().empty()) residency_->read_from_files();
        if (ranks_.distributed()) {
            ranks_.spread(*plan_, residency_->counters());
            residency_->read_from_files();  // what other ranks solve is read from the tables
        }
        for (std::size_t k = 0; k < plan_->size(); ++k)
            if (ranks_.mine(k)) {
                sum_.waiting_seconds += ranks_.wait_for_dependencies(k, take());
                step(k);
            }
        sum_.waiting_seconds += ranks_.wait_for_all(take());
        record_orphan_twins();
        compress::kill_point("gen.done");  // the scratch directory not yet removed
        sum_.seconds = seconds_since(t0);
        return sum_;
    }

  private:
    using Clock = std::chrono::steady_clock;
    static double seconds_since(Clock::time_point t) {
        return std::chrono::duration<double>(Clock::now() - t).count();
    }

    void refuse_what_ranks_cannot_do() const {
        if (!ranks_.distributed()) return;
        if (o_.only)
            throw std::invalid_argument("--only solves one material: run it without mpirun");
        if (o_.wdl_only)
            throw std::invalid_argument(
                "--values wdl: ranks read each other's distances from the tables; run it without "
                "mpirun");
    }

    // The manifest's entries as the directory holds them, and the most pieces it names.
    void read_manifest() {
        manifest_ = compress::read_manifest_entries(o_.out);
        max_in_dir_ = o_.pieces;
        for (const auto& [name, entry] : manifest_)
            max_in_dir_ = std::max(max_in_dir_, entry.material.pieces());
    }

    // Material k of the order: its slice made or found, written, recorded, and what later
    // slices do not need spilling.
    void step(std::size_t k) {
        const Material& m = plan_->order()[k];
        SliceEvent ev{m, int(k) + 1, int(plan_->size()), 2 * Index<V>(m).size(), remaining_,
                      0, false};
        cb_.started(ev);
        compress::kill_point("gen.step");
        const auto s0 = Clock::now();
        std::unique_ptr<Slice<V>> slice;
        compress::ManifestEntry entry;
        ev.spilled = residency_->make_room(m);
        sum_.slices_spilled += ev.spilled;
        if (!take_twin_entry(m, entry, ev) && !keep(k, entry, ev)) {
            if (read_back_what_it_looks_into(k, ev.read_back_for_it))
                ev.spilled += residency_->make_room(m);
            ev.in_files = residency_->solve_in_files(m);
            sum_.slices_in_files += ev.in_files;
            slice = plan_->action(k) == SliceAction::again ? hold_again(m, entry, ev)
                                                           : solve_and_write(m, entry);
        }
        if (ev.kept) {
            ++sum_.slices_kept;
        } else {
            ++sum_.slices_solved;
            sum_.positions_solved += ev.positions;
        }
        if (slice) residency_->trim(*slice);  // before the counters are solved beside it
        const std::size_t skipped = counters_skipped_.size();
        if (residency_->counters()) step_counters(m, slice.get(), entry, ev.kept);
        residency_->release_files();
        record(m, entry);
        compress::kill_point("gen.recorded");
        if (ranks_.distributed())
            ranks_.announce(k, entry.text(), counters_skipped_.size() > skipped);
        const bool looked_into = slice && looked_into_after(k, m);
        residency_->keep_for_later(std::move(slice), looked_into);
        release_unneeded(k);
        compress::kill_point("gen.released");
        remaining_ -= ev.positions;
        ev.remaining = remaining_;
        ev.seconds = seconds_since(s0);
        cb_.finished(ev);
    }

    // A twin's entry, made when its twin was solved (again) earlier in this run; the twin
    // answers its lookups (flipped).
    bool take_twin_entry(const Material& m, compress::ManifestEntry& entry, SliceEvent& ev) {
        const auto it = twin_entries_.find(m);
        if (it == twin_entries_.end()) return false;
        entry = std::move(it->second.entry);
        ev.kept = it->second.found;
        twin_entries_.erase(it);
        return true;
    }

    // Finished tables kept as they are; false when the material is to be solved (again).
    bool keep(std::size_t k, compress::ManifestEntry& entry, SliceEvent& ev) {
        const Material& m = plan_->order()[k];
        if (plan_->action(k) == SliceAction::solve) return false;
        if (plan_->action(k) == SliceAction::again) {
            // Under --memory, one that would not fit stays on disk, read where looked into; so
            // does every one of a distributed run, read back by the ranks that look into it
            // (read_back_what_it_looks_into).
            if (!plan_->described(m) ||
                !(ranks_.distributed() ||
                  (o_.memory && residency_->held_bytes() + 6 * Index<V>(m).size() > o_.memory)))
                return false;
            residency_->read_from_files();
        }
        entry = manifest_.at(m.name());
        entry.describe_tables(o_.out, variant_);
        ev.kept = true;
        ev.from_scratch = plan_->taken_over().count(m) > 0;
        sum_.slices_from_scratch += ev.from_scratch;
        return true;
    }

    // Distributed: what step k looks into and this rank does not hold (another rank's, or
    // found written) read back into memory, held while its later steps look into it; added
    // to `read`. Whether there was any.
    bool read_back_what_it_looks_into(std::size_t k, std::vector<Material>& read) {
        if (!ranks_.distributed()) return false;
        const auto t0 = Clock::now();
        const auto& order = plan_->order();
        for (std::size_t i = 0; i < k; ++i)
            if (looks_into(order, k, i) && residency_->hold_from_tables(order[i]))
                read.push_back(order[i]);
        sum_.ranks_read_back += int(read.size());
        sum_.ranks_read_back_seconds += seconds_since(t0);
        return !read.empty();
    }

    // A finished material held again for the slices still to solve: read back from its
    // tables and its twin's (read_back.hpp) when both are described in the manifest, else
    // solved again. Its tables, checked already, are not written again.
    std::unique_ptr<Slice<V>> hold_again(const Material& m, compress::ManifestEntry& entry,
                                         SliceEvent& ev) {
        if (plan_->described(m) && plan_->described(m.flipped()))
            if (auto slice = read_back<V>(o_.out, variant_, m, residency_->slices().exits(),
                                          &residency_->stock())) {
                entry = manifest_.at(m.name());
                entry.describe_tables(o_.out, variant_);
                ev.kept = ev.read_back = true;
                ++sum_.slices_read_back;
                compress::kill_point("gen.read_back");
                return slice;
            }
        return solve_again(m, entry, ev);
    }

    // A finished material solved again in memory for the slices still to solve: its tables,
    // checked already, are not written again, nor its twin's.
    std::unique_ptr<Slice<V>> solve_again(const Material& m, compress::ManifestEntry& entry,
                                          SliceEvent& ev) {
        auto slice = solve(m);
        const auto stats = slice_stats(*slice);
        entry = plan_->described(m) ? manifest_.at(m.name()) : slice_entry(*slice, stats);
        entry.describe_tables(o_.out, variant_);
        // A twin whose tables were written but not its entry (a run stopped between the two)
        // gets it from these statistics, not by being solved again itself.
        const Material f = m.flipped();
        if (f != m && !plan_->described(f)) {
            auto twin = twin_entry(*slice, stats, TwinIndex<V>(slice->index));
            twin.describe_tables(o_.out, variant_);
            twin_entries_[f] = {std::move(twin), true};
        }
        ev.kept = ev.solved_again = true;
        ++sum_.slices_solved_again;
        compress::kill_point("gen.solved_again");
        return slice;
    }

    // m solved by retrograde analysis, looking into the values the residency holds.
    std::unique_ptr<Slice<V>> solve(const Material& m) {
        return SliceSolver<V>(m, residency_->slices().exits(), LevelLoop::fastest,
                              &residency_->stock())
            .solve();
    }

    // m solved and written, with its twin when it has one.
    std::unique_ptr<Slice<V>> solve_and_write(const Material& m, compress::ManifestEntry& entry) {
        auto slice = solve(m);
        compress::kill_point("gen.solved");
        const auto stats = slice_stats(*slice);
        entry = slice_entry(*slice, stats);
        write(*slice, entry);
        compress::kill_point("gen.written");
        if (m.flipped() != m) write_twin(*slice, stats);
        compress::kill_point("gen.twin_written");
        return slice;
    }

    // The twin's White to move is this slice's Black to move, turned round. It is written now
    // and not kept: the held slices answer for it through this one (ExitTables::with_holding
    // flips), with half the memory. The statistics of both its sides are this slice's, the
    // positions they name flipped.
    void write_twin(Slice<V>& slice, const std::array<SideStats, 2>& stats) {
        const TwinIndex<V> twins(slice.index);
        const Material twin = slice.material().flipped();
        auto entry = twin_entry(slice, stats, twins);
        auto& stock = residency_->stock();
        // This slice's tables and the twin's statistics are made: its White-to-move DTC goes
        // before the twin's arrays come.
        stock.give(slice.dtc[0]);
        write(entry, [&] {
            return write_twin_tables(o_.out, variant_, slice, twins, o_.compression,
                                     written_kinds(), stock);
        });
        // In the manifest with this slice's entry: a run stopped before the twin's turn
        // leaves no written twin without its entry, which would be solved again for it.
        manifest_.insert_or_assign(twin.name(), entry);
        twin_entries_[twin] = {std::move(entry), false};
    }

    // The twin's entry: both its sides are this slice's, the positions they name flipped.
    static compress::ManifestEntry twin_entry(const Slice<V>& slice,
                                              const std::array<SideStats, 2>& stats,
                                              const TwinIndex<V>& twins) {
        const std::array<SideStats, 2> twin_stats = {
            flipped_side_stats(slice, stats[1], Color::black, twins),
            flipped_side_stats(slice, stats[0], Color::white, twins)};
        return slice_entry(Index<V>(slice.material().flipped()), twin_stats);
    }

    // The kinds of table the run writes: WDL, DTW and DTC, or WDL alone.
    std::array<bool, 3> written_kinds() const { return {true, !o_.wdl_only, !o_.wdl_only}; }

    // A slice's tables written, their sizes and compression into its entry.
    void write(const Slice<V>& s, compress::ManifestEntry& entry) {
        write(entry,
              [&] { return write_tables(o_.out, variant_, s, o_.compression, written_kinds()); });
    }
    // The tables of entry's material written by write_them (which returns their sizes), timed,
    // counted and described in m's entry.
    template <class WriteThem>
    void write(compress::ManifestEntry& entry, WriteThem&& write_them) {
        const auto w0 = Clock::now();
        const std::array<std::uint64_t, 3> sizes = write_them();
        sum_.table_seconds += seconds_since(w0);
        sum_.table_bytes += sizes[0] + sizes[1] + sizes[2];
        entry.describe_tables(o_.out, variant_);
    }

    // m's entry into the manifest, written at once: a killed run keeps what it finished.
    void record(const Material& m, compress::ManifestEntry& entry) {
        if (!entry.tables_described()) entry.describe_tables(o_.out, variant_);
        manifest_.insert_or_assign(m.name(), entry);
        save_manifest();
    }

    // Alone, or rank 0 of a distributed run: the other ranks send their entries.
    void save_manifest() const {
        if (ranks_.writes_manifest())
            compress::Manifest(variant_, max_in_dir_, manifest_, counters_).write(o_.out);
    }

    // What other ranks finished: their materials' tables can be read, their entries recorded.
    RankCoordination::Take take() {
        return [this](const std::vector<StepDone>& finished) {
            for (const StepDone& d : finished) {
                const Material& m = plan_->order().at(d.step);
                if (d.counters_skipped)
                    for (const Material& x : {m, m.flipped()}) counters_skipped_.push_back(x);
                manifest_.insert_or_assign(m.name(), compress::ManifestEntry::of_text(d.entry));
            }
            if (!finished.empty()) save_manifest();
        };
    }

    // The slices of materials up to k that no later one moves into, nor into their twins
    // (which they answer for), spilled with their values under the counters. A later twin of
    // a slice solved in this run is written already, its counters' tables too: it looks into
    // nothing. (A kept material may: its counters are solved again.)
    void release_unneeded(std::size_t k) {
        for (std::size_t i = 0; i <= k; ++i)
            if (!looked_into_after(k, plan_->order()[i])) residency_->release(plan_->order()[i]);
    }

    // Whether a material after k that this rank solves (the others read the tables) moves
    // into old or its twin.
    bool looked_into_after(std::size_t k, const Material& old) const {
        const auto& order = plan_->order();
        for (std::size_t j = k + 1; j < order.size(); ++j)
            if (ranks_.mine(j) && !twin_entries_.count(order[j]) &&
                (moves_into(order[j], old) || moves_into(order[j], old.flipped())))
                return true;
        return false;
    }

    // The values under the counters, when the run makes them: their counter set, named in the
    // manifest. Without them (--no-counters), the manifest keeps naming the counter set of the
    // counters' tables the directory already holds.
    std::unique_ptr<CountersSlices<V>> plan_counters() {
        if (o_.wdl_only && o_.counters && !o_.counter_set.empty())
            throw std::invalid_argument(
                "--values wdl writes no counters' tables: drop --counters " + o_.counter_set);
        if (!o_.counters || o_.wdl_only) {
            const std::string held = held_counter_set();
            if (!held.empty()) counters_ = find_counter_set<V>(held);
            return nullptr;
        }
        const CounterSet* set = find_counter_set<V>(o_.counter_set);
        if (!set)
            throw std::invalid_argument("no counter set '" + o_.counter_set + "' in " +
                                        std::string(V::name) + " (" + counter_set_names<V>() + ")");
        if (set->empty()) return nullptr;
        counters_ = set;
        return std::make_unique<CountersSlices<V>>(*set);
    }

    // The counter set the directory's manifest names, or "" when it names none or cannot be read.
    std::string held_counter_set() const {
        try {
            return compress::Manifest::read(o_.out).counter_set();
        } catch (const compress::TableError&) {
            return "";
        }
    }

    // m's values under the counters solved, written with its twin's, and held for later
    // materials; a material they cannot be solved for yet is skipped, with what depends on it.
    void step_counters(const Material& m, const Slice<V>* pure, compress::ManifestEntry& entry,
                       bool found) {
        if (counters_written_.count(m)) {
            entry.describe_counters_tables(o_.out);
            return;
        }
        auto& counters = *residency_->counters();
        // A resumed run keeps the counters' tables it finished; later materials read them
        // there (unless a promotion may carry a force count into m: its budgets are needed
        // held).
        if (found && !counters.carries_force(m) && manifest_.count(m.name()) &&
            counters_tables_intact(o_.out, variant_, m, manifest_.at(m.name()))) {
            residency_->read_from_files();
            step_distances(m, pure, found);  // a run that adds --distances: for what it keeps
            entry.describe_counters_tables(o_.out);
            ++sum_.counters_kept;
            compress::kill_point("counters.kept");
            return;
        }
        std::string why = counters_unsolved_reason(counters.counter_set(), m);
        for (const Material& d : counters_skipped_)
            if (why.empty() && may_depend_on(m, d)) why = m.name() + " needs " + d.name();
        if (!why.empty()) {
            counters_skipped_.push_back(m);
            counters_skipped_.push_back(m.flipped());
            if (sum_.counters_skipped++ == 0) sum_.counters_skipped_reason = why;
            return;
        }
        const auto t0 = Clock::now();
        auto& stock = residency_->stock();
        auto r = counters.solve(m, pure, &stock);
        compress::kill_point("counters.solved");
        const auto w0 = Clock::now();
        for (const ValueKind k : kCountersKinds) {
            const Slice<V>* s = r.of(k);
            if (!s) continue;
            sum_.table_bytes += write_counters_table(o_.out, variant_, *s, k, o_.compression);
            compress::kill_point("counters.written");
            if (m.flipped() == m) continue;
            const auto twin = Symmetry<V>::flipped(*s, Sides::white, &stock);
            sum_.table_bytes += write_counters_table(o_.out, variant_, *twin, k, o_.compression);
            compress::kill_point("counters.twin_written");
            twin->give_arrays(stock);
        }
        for (const ValueKind k : kCountersKinds)
            if (const auto* steps = r.steps_of(k)) {
                sum_.table_bytes += write_record_tables<V>(o_.out, variant_, m, steps_kind(k),
                                                           *steps, o_.compression);
                compress::kill_point("counters.steps_written");
            }
        step_distances(m, pure, found);
        if (m.flipped() != m) counters_written_.insert(m.flipped());
        sum_.table_seconds += seconds_since(w0);
        for (auto* s : {r.main.get(), r.idle.get()})
            if (s)
                for (auto& c : s->capture) stock.give(c);
        counters.add(m, std::move(r));
        entry.describe_counters_tables(o_.out);
        sum_.counters_seconds += seconds_since(t0);
    }

    // m's distance tables and its twin's, from the tables written (and m's pure values if held),
    // when the run asks for them. A material `found` finished keeps those that check: its
    // counters, kept or solved again to be held, are the same tables.
    void step_distances(const Material& m, const Slice<V>* pure, bool found) {
        const CounterSet& set = residency_->counters()->counter_set();
        if (!o_.distances || (found && distance_tables_intact(o_.out, variant_, set, m))) return;
        const auto d0 = Clock::now();
        const DistanceTablesWritten w =
            write_distance_tables<V>(o_.out, variant_, set, m, pure, o_.compression);
        sum_.table_bytes += w.bytes;
        sum_.distance_bytes += w.bytes;
        for (const std::string& why : w.unfound)
            if (sum_.distances_unfound++ == 0) sum_.distances_unfound_reason = why;
        sum_.distance_seconds += seconds_since(d0);
        compress::kill_point("counters.distance_written");
    }

    // Twins of an --only material are written but not in the order: listed too.
    void record_orphan_twins() {
        if (twin_entries_.empty()) return;
        for (auto& [m, twin] : twin_entries_) {
            if (residency_->counters()) twin.entry.describe_counters_tables(o_.out);
            manifest_.insert_or_assign(m.name(), twin.entry);
        }
        save_manifest();
    }

    const VariantId variant_;
    const GenOptions& o_;
    const GenCallbacks& cb_;
    RankCoordination ranks_;
    // The entries of the manifest by material name: as read, then as written.
    std::map<std::string, compress::ManifestEntry> manifest_;
    std::optional<Plan<V>> plan_;
    int max_in_dir_ = 0;
    // The counter set the manifest names: the counters' solved, or with --no-counters the
    // directory's (or none).
    const CounterSet* counters_ = nullptr;
    std::uint64_t remaining_ = 0;  // index entries of the slices not yet done
    // The entries of twins written with a slice solved in this run, waiting for their turn.
    struct TwinEntry {
        compress::ManifestEntry entry;
        bool found = false;  // its tables were on disk: the twin was solved again, not written
    };
    std::map<Material, TwinEntry> twin_entries_;
    std::set<Material> counters_written_;     // twins whose counters' tables a solved slice wrote
    std::vector<Material> counters_skipped_;  // materials without counters' tables in this run
    std::optional<Residency<V>> residency_;
    GenSummary sum_;
};

}  // namespace dtb::gen
