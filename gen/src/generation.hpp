// One dtb gen run of variant V (gen/generate.hpp), as a list of steps: plan what the directory
// needs, then for each material of the order solve it (or keep, or solve again in memory,
// what the directory holds), write it and its twin, and record it in the manifest. Spread over
// ranks (ranks.hpp), each takes its materials of the order (rank_plan.hpp), reads what the others
// solved from their tables, and rank 0 writes the manifest. Compiled once per variant
// (variant_entry_points.hpp).
#pragma once

#include <omp.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "dtb/compress/table_dir.hpp"
#include "dtb/gen/array_stock.hpp"
#include "dtb/gen/coded_slice.hpp"
#include "dtb/gen/estimate.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/gen/rank_plan.hpp"
#include "dtb/gen/ranks.hpp"
#include "dtb/gen/resume_plan.hpp"
#include "dtb/gen/rules_files.hpp"
#include "dtb/gen/rules_solve.hpp"
#include "dtb/gen/slice_stats.hpp"
#include "dtb/gen/solved_slices.hpp"
#include "dtb/gen/table_files.hpp"
#include "probed_values.hpp"
#include "scratch_values.hpp"
#include "slice_entry.hpp"

namespace dtb::gen {

template <class V>
class Generation {
  public:
    Generation(VariantId id, const GenOptions& o, const GenCallbacks& cb)
        : variant_(id),
          o_(o),
          cb_(cb),
          ranks_(o.ranks && o.ranks->size() > 1 ? o.ranks : nullptr) {}
    // The scratch files go with the run, finished or not.
    ~Generation() {
        scratch_.reset();
        scratch_fresh_.reset();
        if (store_) {
            std::error_code ec;
            std::filesystem::remove_all(scratch_dir(), ec);
        }
    }
    Generation(const Generation&) = delete;
    Generation& operator=(const Generation&) = delete;

    GenSummary run() {
        const auto t0 = std::chrono::steady_clock::now();
        if (o_.threads > 0) omp_set_num_threads(o_.threads);
        if (ranks_ && o_.only)
            throw std::invalid_argument("--only solves one material: run it without mpirun");
        if (ranks_ && o_.wdl_only)
            throw std::invalid_argument(
                "--values wdl: ranks read each other's distances from the tables; run it without "
                "mpirun");
        plan_rules();
        if (const auto why = compress::directory_conflict(
                o_.out, variant_, rules_ ? std::string_view(rules_->rule_set().name) : ""))
            throw std::invalid_argument(*why);
        plan();
        // Only now: a run refused while planning leaves no directory behind.
        std::filesystem::create_directories(o_.out);
        if (writes_manifest()) remove_scratch_dirs();  // a killed run's, but what it takes over
        if (!scratch_found_.empty()) read_written_tables();
        if (ranks_) spread_over_ranks();
        for (std::size_t k = 0; k < order_.size(); ++k)
            if (mine(k)) {
                wait_for_dependencies(k);
                step(k);
            }
        if (ranks_) wait_for_all_ranks();
        record_orphan_twins();
        sum_.seconds = seconds_since(t0);
        return sum_;
    }

  private:
    using Clock = std::chrono::steady_clock;
    static double seconds_since(Clock::time_point t) {
        return std::chrono::duration<double>(Clock::now() - t).count();
    }

    // The order of materials, what the directory already holds, and what to do with each.
    void plan() {
        order_ = materials_up_to(o_.pieces);
        if (o_.only) {
            if (o_.only->pieces() > o_.pieces)
                throw std::invalid_argument(o_.only->name() + " has more than " +
                                            std::to_string(o_.pieces) + " pieces");
            std::vector<Material> needed;
            for (const auto& m : order_)
                if (m == *o_.only || may_depend_on(*o_.only, m)) needed.push_back(m);
            order_ = needed;
        }
        for (const auto& m : order_) remaining_ += 2 * Index<V>(m).size();
        slices_.set_max_pieces(o_.pieces);
        manifest_ = compress::read_manifest_slices(o_.out);
        max_in_dir_ = o_.pieces;
        for (const auto& [name, entry] : manifest_)
            if (const auto mm = Material::parse(name))
                max_in_dir_ = std::max(max_in_dir_, mm->pieces());
        // What the directory already holds: the order's materials and their twins (whose
        // tables hold their Black to move).
        std::vector<Material> wanted;
        for (const auto& m : order_)
            for (const Material& x : {m, m.flipped()})
                if (std::find(wanted.begin(), wanted.end(), x) == wanted.end()) wanted.push_back(x);
        found_ = find_tables(o_.out, variant_, wanted, o_.wdl_only);
        if (!ranks_)
            scratch_found_ =
                scratch_left_behind<V>(scratch_dir() / kPureScratch, variant_, found_.finished);
        actions_ = plan_slices(
            order_, [&](const Material& m) { return found_.finished.count(m) > 0; },
            [&](const Material& m) { return described(m); },
            [&](const Material& m) {
                return scratch_found_.count(m) > 0 || scratch_found_.count(m.flipped()) > 0;
            });
        check_plan();
    }

    // Whether the manifest's entry for m can stand for its statistics.
    bool described(const Material& m) const {
        const auto it = manifest_.find(m.name());
        return it != manifest_.end() && compress::entry_describes(it->second, Index<V>(m).size());
    }

    // An --only run solves nothing but its material; damaged tables are solved again.
    void check_plan() const {
        for (std::size_t k = 0; k < order_.size(); ++k) {
            const Material& m = order_[k];
            if (actions_[k] != SliceAction::solve) continue;
            if (o_.only && m != *o_.only)
                throw compress::TableError(problem(m).value_or(m.name() + " cannot be read") +
                                           ": " + o_.only->name() + " needs " + m.name() +
                                           "; generate without --only first");
            if (const auto d = found_.damaged.find(m); d != found_.damaged.end())
                cb_.warning(d->second + "; solving " + m.name() + " again");
        }
    }

    // Why a material must be solved: what is wrong with its tables, or with its twin's.
    std::optional<std::string> problem(const Material& m) const {
        for (const Material& x : {m, m.flipped()}) {
            if (const auto d = found_.damaged.find(x); d != found_.damaged.end()) return d->second;
            if (!found_.finished.count(x))
                return (o_.out / compress::table_file_name(x, kValueKinds[0])).string() +
                       " is missing";
        }
        return std::nullopt;
    }

    // Material k of the order: its slice made or found, written, recorded, and what later
    // slices do not need let go.
    void step(std::size_t k) {
        const Material& m = order_[k];
        SliceEvent ev{m, int(k) + 1, int(order_.size()), 2 * Index<V>(m).size(), remaining_,
                      0, false};
        cb_.started(ev);
        const auto s0 = Clock::now();
        std::unique_ptr<Slice<V>> slice;
        nlohmann::ordered_json entry;
        ev.paged = make_room(m);
        if (!take_twin_entry(m, entry, ev) && !keep(k, entry, ev)) {
            ev.in_files = solve_in_files(m);
            slice = actions_[k] == SliceAction::again ? solve_again(m, entry, ev)
                                                      : solve_and_write(m, entry);
        }
        if (ev.loaded) {
            ++sum_.slices_loaded;
        } else {
            ++sum_.slices_solved;
            sum_.positions_solved += ev.positions;
        }
        if (slice) trim(*slice);  // before the rules are solved beside it
        const std::size_t skipped = rules_skipped_.size();
        if (rules_) step_rules(m, slice.get(), entry, ev.loaded);
        stock_.put_in(nullptr);
        record(m, entry);
        if (ranks_) {
            ranks_->announce({k, compress::entry_text(entry), rules_skipped_.size() > skipped});
            done_[k] = true;
        }
        keep_for_later(k, std::move(slice));
        release_unneeded(k);
        remaining_ -= ev.positions;
        ev.remaining = remaining_;
        ev.seconds = seconds_since(s0);
        cb_.finished(ev);
    }

    // A twin's entry, made when its twin was solved (again) earlier in this run; the twin
    // answers its lookups (flipped).
    bool take_twin_entry(const Material& m, nlohmann::ordered_json& entry, SliceEvent& ev) {
        const auto it = twin_entries_.find(m);
        if (it == twin_entries_.end()) return false;
        entry = std::move(it->second.entry);
        ev.loaded = it->second.found;
        twin_entries_.erase(it);
        return true;
    }

    // Finished tables kept as they are; false when the material is to be solved (again).
    bool keep(std::size_t k, nlohmann::ordered_json& entry, SliceEvent& ev) {
        const Material& m = order_[k];
        if (actions_[k] == SliceAction::solve) return false;
        if (actions_[k] == SliceAction::again) {
            // Under --memory, one that would not fit stays on disk, read where looked into; so
            // does every one of a distributed run, whose ranks read each other's tables.
            if (!described(m) ||
                !(ranks_ || (o_.memory && held_bytes() + 6 * Index<V>(m).size() > o_.memory)))
                return false;
            read_written_tables();
        }
        entry = manifest_.at(m.name());
        compress::describe_tables(entry, o_.out, variant_, m);
        ev.loaded = true;
        ev.from_scratch = scratch_found_.count(m) > 0;
        sum_.slices_from_scratch += ev.from_scratch;
        return true;
    }

    // A finished material solved again in memory for the slices still to solve: its tables,
    // checked already, are not written again, nor its twin's.
    std::unique_ptr<Slice<V>> solve_again(const Material& m, nlohmann::ordered_json& entry,
                                          SliceEvent& ev) {
        auto slice = solve(m);
        const auto stats = slice_stats(*slice);
        entry = described(m) ? manifest_.at(m.name()) : slice_entry(*slice, stats);
        compress::describe_tables(entry, o_.out, variant_, m);
        // A twin whose tables were written but not its entry (a run stopped between the two)
        // gets it from these statistics, not by being solved again itself.
        const Material f = m.flipped();
        if (f != m && !described(f)) {
            auto twin = twin_entry(*slice, stats, TwinIndex<V>(slice->index));
            compress::describe_tables(twin, o_.out, variant_, f);
            twin_entries_[f] = {std::move(twin), true};
        }
        ev.loaded = ev.solved_again = true;
        ++sum_.slices_solved_again;
        return slice;
    }

    // m solved by retrograde analysis, looking into the held slices.
    std::unique_ptr<Slice<V>> solve(const Material& m) {
        return SliceSolver<V>(m, slices_.exits(), LevelLoop::fastest, &stock_).solve();
    }

    // m solved and written, with its twin when it has one.
    std::unique_ptr<Slice<V>> solve_and_write(const Material& m, nlohmann::ordered_json& entry) {
        auto slice = solve(m);
        const auto stats = slice_stats(*slice);
        entry = slice_entry(*slice, stats);
        write(*slice, entry);
        if (m.flipped() != m) write_twin(*slice, stats);
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
        // This slice's tables and the twin's statistics are made: its White-to-move DTC goes
        // before the twin's arrays come.
        stock_.give(slice.dtc[0]);
        write(twin, entry, [&] {
            return write_twin_tables(o_.out, variant_, slice, twins, o_.compression,
                                     written_kinds(), stock_);
        });
        // In the manifest with this slice's entry: a run stopped before the twin's turn
        // leaves no written twin without its entry, which would be solved again for it.
        manifest_[twin.name()] = entry;
        twin_entries_[twin] = {std::move(entry), false};
    }

    // The twin's entry: both its sides are this slice's, the positions they name flipped.
    static nlohmann::ordered_json twin_entry(const Slice<V>& slice,
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
    void write(const Slice<V>& s, nlohmann::ordered_json& entry) {
        write(s.material(), entry,
              [&] { return write_tables(o_.out, variant_, s, o_.compression, written_kinds()); });
    }
    // Material m's tables written by write_them (which returns their sizes), timed, counted
    // and described in m's entry.
    template <class WriteThem>
    void write(const Material& m, nlohmann::ordered_json& entry, WriteThem&& write_them) {
        const auto w0 = Clock::now();
        const std::array<std::uint64_t, 3> sizes = write_them();
        sum_.table_seconds += seconds_since(w0);
        sum_.table_bytes += sizes[0] + sizes[1] + sizes[2];
        compress::describe_tables(entry, o_.out, variant_, m);
    }

    // m's entry into the manifest, written at once: a killed run keeps what it finished.
    void record(const Material& m, nlohmann::ordered_json& entry) {
        if (!entry.contains("table_bytes")) compress::describe_tables(entry, o_.out, variant_, m);
        manifest_[m.name()] = entry;
        save_manifest();
    }

    // Alone, or rank 0 of a distributed run: the other ranks send their entries.
    void save_manifest() const {
        if (writes_manifest())
            compress::write_manifest(o_.out, variant_, max_in_dir_, manifest_, counters_);
    }

    // Distributed: the plan of which rank takes which material; every table read from the
    // directory where this rank does not hold it. Rank 0 has cleared the scratch by now.
    void spread_over_ranks() {
        std::map<Material, std::size_t> at;
        for (std::size_t k = 0; k < order_.size(); ++k) at[order_[k]] = k;
        std::vector<std::uint64_t> cost(order_.size(), 0);
        std::vector<std::pair<std::size_t, std::size_t>> together;
        for (std::size_t k = 0; k < order_.size(); ++k) {
            const Material& m = order_[k];
            const auto twin = at.find(m.flipped());
            if (twin != at.end() && twin->second != k) together.emplace_back(k, twin->second);
            if (actions_[k] == SliceAction::solve && (twin == at.end() || twin->second > k))
                cost[k] = Index<V>(m).size();
            if (rules_)
                for (const Material& c : rules_->budgets_read(m))
                    for (const Material& x : {c, c.flipped()})
                        if (const auto it = at.find(x); it != at.end())
                            together.emplace_back(k, it->second);
        }
        rank_plan_ = plan_ranks(order_, cost, together, ranks_->size());
        done_.assign(order_.size(), false);
        ranks_->barrier();  // every rank has planned from the directory as it was
        read_written_tables();
    }

    bool mine(std::size_t k) const { return !ranks_ || rank_plan_.rank[k] == ranks_->rank(); }
    bool writes_manifest() const { return !ranks_ || ranks_->rank() == 0; }

    // Until every material k may look into is finished, on whichever rank.
    void wait_for_dependencies(std::size_t k) {
        if (!ranks_) return;
        take(ranks_->collect(false));
        const auto& waits = rank_plan_.waits[k];
        const auto t0 = Clock::now();
        while (std::any_of(waits.begin(), waits.end(), [&](std::size_t j) { return !done_[j]; }))
            take(ranks_->collect(true));
        sum_.waiting_seconds += seconds_since(t0);
    }

    // What other ranks finished: their materials' tables can be read, their entries recorded.
    void take(const std::vector<StepDone>& finished) {
        for (const StepDone& d : finished) {
            const Material& m = order_.at(d.step);
            done_[d.step] = true;
            if (d.rules_skipped)
                for (const Material& x : {m, m.flipped()}) rules_skipped_.push_back(x);
            manifest_[m.name()] = compress::entry_of_text(d.entry);
        }
        if (!finished.empty()) save_manifest();
    }

    // Rank 0 has every entry in the manifest before any rank returns.
    void wait_for_all_ranks() {
        const auto t0 = Clock::now();
        while (std::find(done_.begin(), done_.end(), false) != done_.end())
            take(ranks_->collect(true));
        ranks_->barrier();
        sum_.waiting_seconds += seconds_since(t0);
    }

    // Material k's slice, for the materials after it that look into it: coded, a third of
    // the memory (exit_code.hpp), and copied to scratch when large; one solved in files goes
    // to a scratch file at once instead of staying in its files. One nothing after k looks
    // into goes.
    void keep_for_later(std::size_t k, std::unique_ptr<Slice<V>> slice) {
        if (!slice) return;
        if (!looked_into_after(k, slice->material())) {
            slice->give_arrays(stock_);
        } else if (in_files(slice->wdl[0])) {
            read_written_tables();
            scratch_->add(*slice);
            slice->give_arrays(stock_);
        } else {
            code_for_exits(*slice, stock_);
            if (worth_a_copy(*slice)) {
                read_written_tables();
                scratch_->keep_copy(*slice);
            }
            slices_.add(std::move(slice));
        }
    }

    // Under --memory, a held slice of more than a thousandth of the budget also goes to a
    // scratch file: a stopped run's successor takes it over instead of solving it again
    // with what it looks into (the smaller ones take seconds).
    bool worth_a_copy(const Slice<V>& s) const {
        return o_.memory && !ranks_ && slice_bytes(s) * 1000 >= o_.memory;
    }

    // The memory solving m takes beside what is held (estimate.hpp's model).
    std::uint64_t work_of(const Material& m) const {
        return working_bytes(Index<V>(m).size(), rules_ != nullptr);
    }

    // Under --memory: held slices let go, largest first (pure ones, and fresh views under the
    // rules), until m's work fits beside what is held; later materials read them from mapped
    // scratch files (scratch_values.hpp). Returns how many. A material whose work alone
    // passes the budget lets nothing go: it is solved in files (solve_in_files), whose pages
    // the kernel drops as it needs.
    int make_room(const Material& m) {
        if (!o_.memory) return 0;
        const std::uint64_t need = work_of(m);
        if (need > o_.memory) return 0;
        int paged = 0;
        while (held_bytes() + need > o_.memory) {
            if (stock_.bytes() > 0) {
                stock_.clear();
                continue;
            }
            const auto pure = slices_.largest();
            const auto fresh = rules_ ? rules_->largest_fresh_only() : std::nullopt;
            if (!pure && !fresh) break;
            read_written_tables();
            // Mapped from scratch, then freed (not stocked: the memory is what is short).
            if (pure && (!fresh || pure->second >= fresh->second)) {
                scratch_->add(*slices_.slice(pure->first));
                slices_.remove(pure->first);
            } else {
                scratch_fresh_->add(*rules_->held(fresh->first)->fresh);
                rules_->remove(fresh->first);
            }
            ++paged;
        }
        sum_.slices_paged += paged;
        return paged;
    }

    // Under --memory: m's work does not fit beside what is held even after make_room, so its
    // arrays (slice, twin, values under the rules) are taken from files in the scratch
    // directory until its step ends; the solver keeps two waves of blocks in memory.
    bool solve_in_files(const Material& m) {
        const std::uint64_t need = work_of(m);
        if (!o_.memory || held_bytes() + need <= o_.memory) return false;
        read_written_tables();  // the scratch directory goes with the run
        if (!array_files_) array_files_ = std::make_unique<ArrayFiles>(scratch_dir() / "arrays");
        stock_.clear();
        stock_.put_in(array_files_.get());
        ++sum_.slices_in_files;
        return true;
    }

    // From now on, what is not held is read from scratch files where it was let go, from the
    // written tables where it was never held.
    void read_written_tables() {
        if (store_) return;
        store_ = std::make_unique<probe::Store>(o_.out, variant_, cache_bytes());
        written_ = std::make_unique<ProbedValues<V>>(*store_);
        scratch_ = std::make_unique<ScratchValues<V>>(scratch_dir() / kPureScratch, *written_,
                                                      variant_, scratch_found_);
        slices_.read_unheld_from(scratch_.get());
        if (rules_) {
            written_fresh_ = std::make_unique<ProbedFreshValues<V>>(*store_, rules_->rule_set());
            scratch_fresh_ = std::make_unique<ScratchValues<V>>(scratch_dir() / "rules",
                                                                *written_fresh_, variant_);
            rules_->read_unheld_from(scratch_fresh_.get());
        }
    }

    // One per rank of a distributed run.
    std::filesystem::path scratch_dir() const {
        return o_.out / (std::string(kScratchName) +
                         (ranks_ ? "-rank" + std::to_string(ranks_->rank()) : ""));
    }
    static constexpr std::string_view kScratchName = ".dtb-scratch";
    static constexpr std::string_view kPureScratch = "pure";  // let-go slices' values
    // Every scratch directory of the run's ranks, but the values of slices this run takes
    // over from a stopped one.
    void remove_scratch_dirs() const {
        for (const auto& e : std::filesystem::directory_iterator(o_.out)) {
            if (!e.path().filename().string().starts_with(kScratchName)) continue;
            if (e.path() != scratch_dir() || scratch_found_.empty()) {
                std::filesystem::remove_all(e.path());
                continue;
            }
            for (const auto& f : std::filesystem::directory_iterator(e.path()))
                if (f.path().filename() != kPureScratch) std::filesystem::remove_all(f.path());
        }
    }

    // What the run holds: slices, values under the rules, stocked arrays, the tables' cache.
    std::uint64_t held_bytes() const {
        return slices_.bytes() + (rules_ ? rules_->bytes() : 0) + stock_.bytes() +
               (store_ ? cache_bytes() : 0);
    }

    // The block cache of the tables read back under --memory (estimate.hpp).
    std::size_t cache_bytes() const { return std::size_t(table_cache_bytes(o_.memory)); }

    // Later slices need only WDL and DTW of a slice; its DTC and capture flags served the
    // tables and go back to the stock.
    void trim(Slice<V>& slice) {
        for (auto& v : slice.dtc) stock_.give(v);
        for (auto& v : slice.capture) stock_.give(v);
    }

    // The slices of materials up to k that no later one moves into, nor into their twins
    // (which they answer for), let go with their rules. A later twin of a slice solved in
    // this run is written already, its rules too: it looks into nothing. (A kept material
    // may: its rules are solved again.)
    void release_unneeded(std::size_t k) {
        for (std::size_t i = 0; i <= k; ++i) {
            const Material& old = order_[i];
            if (looked_into_after(k, old)) continue;
            if (const auto gone = slices_.remove(old)) gone->give_arrays(stock_);
            if (rules_) rules_->remove(old);
            for (auto* scratch : {scratch_.get(), scratch_fresh_.get()})
                if (scratch) scratch->remove(old);
        }
    }

    // Whether a material after k that this rank solves (the others read the tables) moves
    // into old or its twin.
    bool looked_into_after(std::size_t k, const Material& old) const {
        for (std::size_t j = k + 1; j < order_.size(); ++j)
            if (mine(j) && !twin_entries_.count(order_[j]) &&
                (moves_into(order_[j], old) || moves_into(order_[j], old.flipped())))
                return true;
        return false;
    }

    // The rule set the values under the rules follow, when the run makes them.
    // Without them (--no-rules), the manifest keeps naming the rule set of the rules tables
    // the directory already holds.
    void plan_rules() {
        if (o_.wdl_only && o_.rules && !o_.rule_set.empty())
            throw std::invalid_argument("--values wdl writes no rules tables: drop --rules " +
                                        o_.rule_set);
        if (!o_.rules || o_.wdl_only) {
            const std::string held = compress::manifest_rule_set(held_manifest());
            if (!held.empty()) counters_ = find_rule_set<V>(held);
            return;
        }
        const RuleSet* set = find_rule_set<V>(o_.rule_set);
        if (!set)
            throw std::invalid_argument("no rule set '" + o_.rule_set + "' in " +
                                        std::string(V::name) + " (" + rule_set_names<V>() + ")");
        if (!set->empty()) {
            rules_ = std::make_unique<RulesSlices<V>>(*set);
            counters_ = set;
        }
    }

    // The directory's manifest, or null when it has none that can be read.
    nlohmann::ordered_json held_manifest() const {
        try {
            return compress::read_manifest(o_.out);
        } catch (const compress::TableError&) {
            return nullptr;
        }
    }

    // m's values under the rules solved, written with its twin's, and held for later
    // materials; a material they cannot be solved for yet is skipped, with what depends on it.
    void step_rules(const Material& m, const Slice<V>* pure, nlohmann::ordered_json& entry,
                    bool found) {
        if (rules_written_.count(m)) {
            compress::describe_rules_tables(entry, o_.out, m);
            return;
        }
        // A resumed run keeps the rules tables it finished; later materials read them there
        // (unless a promotion may carry a force count into m: its budgets are needed held).
        if (found && !rules_->carries_force(m) && manifest_.count(m.name()) &&
            rules_tables_intact(o_.out, variant_, m, manifest_.at(m.name()))) {
            read_written_tables();
            compress::describe_rules_tables(entry, o_.out, m);
            ++sum_.rules_kept;
            return;
        }
        std::string why = rules_unsolved_reason(rules_->rule_set(), m);
        for (const Material& d : rules_skipped_)
            if (why.empty() && may_depend_on(m, d)) why = m.name() + " needs " + d.name();
        if (!why.empty()) {
            rules_skipped_.push_back(m);
            rules_skipped_.push_back(m.flipped());
            if (sum_.rules_skipped++ == 0) sum_.rules_skipped_reason = why;
            return;
        }
        const auto t0 = Clock::now();
        auto r = rules_->solve(m, pure, &stock_);
        const auto w0 = Clock::now();
        for (const ValueKind k : kRulesKinds) {
            const Slice<V>* s = r.of(k);
            if (!s) continue;
            sum_.table_bytes += write_rules_table(o_.out, variant_, *s, k, o_.compression);
            if (m.flipped() == m) continue;
            const auto twin = Symmetry<V>::flipped(*s, Sides::white, &stock_);
            sum_.table_bytes += write_rules_table(o_.out, variant_, *twin, k, o_.compression);
            twin->give_arrays(stock_);
        }
        for (const ValueKind k : kRulesKinds)
            if (const auto* steps = r.steps_of(k))
                sum_.table_bytes +=
                    write_steps_tables<V>(o_.out, variant_, m, k, *steps, o_.compression);
        if (m.flipped() != m) rules_written_.insert(m.flipped());
        sum_.table_seconds += seconds_since(w0);
        for (auto* s : {r.main.get(), r.idle.get()})
            if (s)
                for (auto& c : s->capture) stock_.give(c);
        rules_->add(m, std::move(r));
        compress::describe_rules_tables(entry, o_.out, m);
        sum_.rules_seconds += seconds_since(t0);
    }

    // Twins of an --only material are written but not in the order: listed too.
    void record_orphan_twins() {
        if (twin_entries_.empty()) return;
        for (auto& [m, twin] : twin_entries_) {
            if (rules_) compress::describe_rules_tables(twin.entry, o_.out, m);
            manifest_[m.name()] = twin.entry;
        }
        save_manifest();
    }

    const VariantId variant_;
    const GenOptions& o_;
    const GenCallbacks& cb_;
    Ranks* const ranks_;  // null when this process runs alone
    RankPlan rank_plan_;
    std::vector<bool> done_;  // per material of the order, distributed: its tables written

    std::vector<Material> order_;
    std::vector<SliceAction> actions_;  // per material of the order
    FoundTables found_;
    std::map<std::string, nlohmann::ordered_json> manifest_;  // entries by material name
    int max_in_dir_ = 0;
    std::uint64_t remaining_ = 0;  // index entries of the slices not yet done
    // The entries of twins written with a slice solved in this run, waiting for their turn.
    struct TwinEntry {
        nlohmann::ordered_json entry;
        bool found = false;  // its tables were on disk: the twin was solved again, not written
    };
    std::map<Material, TwinEntry> twin_entries_;
    SolvedSlices<V> slices_;
    // Under --memory: what slices_ and rules_ no longer hold, read from the written tables.
    std::unique_ptr<probe::Store> store_;
    std::unique_ptr<ProbedValues<V>> written_;
    std::unique_ptr<ProbedFreshValues<V>> written_fresh_;
    std::unique_ptr<ScratchValues<V>> scratch_, scratch_fresh_;  // over written_, written_fresh_
    // Finished materials whose values a stopped run left in scratch files: taken over, so
    // that neither they nor what they look into are solved again.
    std::set<Material> scratch_found_;
    std::unique_ptr<ArrayFiles> array_files_;  // where a slice too large for --memory is solved
    // The values under the rules, beside the pure ones; null without counters or with --no-rules.
    std::unique_ptr<RulesSlices<V>> rules_;
    // The rule set the manifest names: rules_'s, or with --no-rules the directory's (or none).
    const RuleSet* counters_ = nullptr;
    std::set<Material> rules_written_;     // twins whose rules tables a solved slice wrote
    std::vector<Material> rules_skipped_;  // materials without rules tables in this run
    // Arrays of slices no longer needed, for the next ones (no fresh pages to zero).
    ArrayStock stock_;
    GenSummary sum_;
};

}  // namespace dtb::gen
