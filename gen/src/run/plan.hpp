// The plan of a dtb gen run (generation.hpp): the order of its materials, and for each what
// the directory already holds decides (resume_plan.hpp): solve it, solve it again in memory,
// or keep it as it is. A resumed run keeps the finished tables that pass their checks, with
// their manifest entries; it takes over the values a stopped run left in scratch files
// (residency.hpp), so that neither they nor what they look into are solved again; and it
// solves again what is damaged, naming it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "../scratch_values.hpp"
#include "dtb/compress/manifest.hpp"
#include "dtb/compress/table_dir.hpp"
#include "dtb/core/index.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/gen/run/resume_plan.hpp"
#include "dtb/gen/tables/table_files.hpp"

namespace dtb::gen {

template <class V>
class Plan {
  public:
    // The plan of o's run. `manifest` is the run's manifest as it stands (read from o.out
    // first): whether it describes a material is asked when the material's turn comes.
    // `scratch`: where a stopped run left let-go values to take over; empty when they are
    // not taken over (a distributed run).
    Plan(VariantId variant, const GenOptions& o,
         const std::map<std::string, compress::ManifestEntry>& manifest,
         const std::filesystem::path& scratch)
        : o_(o), manifest_(manifest), order_(materials_up_to(o.pieces)) {
        if (o.only) only_and_what_it_needs();
        // What the directory already holds: the order's materials and their twins (whose
        // tables hold their Black to move).
        std::vector<Material> wanted;
        for (const auto& m : order_)
            for (const Material& x : {m, m.flipped()})
                if (std::find(wanted.begin(), wanted.end(), x) == wanted.end()) wanted.push_back(x);
        found_ = find_tables(o.out, variant, wanted, o.wdl_only);
        if (!scratch.empty())
            taken_over_ = scratch_left_behind<V>(scratch, variant, found_.finished);
        actions_ = plan_slices(
            order_, [&](const Material& m) { return found_.finished.count(m) > 0; },
            [&](const Material& m) { return described(m); },
            [&](const Material& m) {
                return taken_over_.count(m) > 0 || taken_over_.count(m.flipped()) > 0;
            });
    }

    const std::vector<Material>& order() const { return order_; }
    std::size_t size() const { return order_.size(); }
    SliceAction action(std::size_t k) const { return actions_[k]; }

    // Index entries of every material of the order, both sides.
    std::uint64_t positions() const {
        std::uint64_t n = 0;
        for (const auto& m : order_) n += 2 * Index<V>(m).size();
        return n;
    }

    // Finished materials whose values a stopped run left in scratch files, taken over.
    const std::set<Material>& taken_over() const { return taken_over_; }

    // Whether the manifest's entry for m can stand for its statistics.
    bool described(const Material& m) const {
        const auto it = manifest_.find(m.name());
        return it != manifest_.end() && it->second.describes(Index<V>(m).size());
    }

    // An --only run solves nothing but its material; damaged tables are solved again, named
    // by a warning.
    void check(const GenCallbacks& cb) const {
        for (std::size_t k = 0; k < order_.size(); ++k) {
            const Material& m = order_[k];
            if (actions_[k] != SliceAction::solve) continue;
            if (o_.only && m != *o_.only)
                throw compress::TableError(problem(m).value_or(m.name() + " cannot be read") +
                                           ": " + o_.only->name() + " needs " + m.name() +
                                           "; generate without --only first");
            if (const auto d = found_.damaged.find(m); d != found_.damaged.end())
                cb.warning(d->second + "; solving " + m.name() + " again");
        }
    }

  private:
    // --only: the material and what it may depend on, in order.
    void only_and_what_it_needs() {
        if (o_.only->pieces() > o_.pieces)
            throw std::invalid_argument(o_.only->name() + " has more than " +
                                        std::to_string(o_.pieces) + " pieces");
        std::vector<Material> needed;
        for (const auto& m : order_)
            if (m == *o_.only || may_depend_on(*o_.only, m)) needed.push_back(m);
        order_ = needed;
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

    const GenOptions& o_;
    const std::map<std::string, compress::ManifestEntry>& manifest_;
    std::vector<Material> order_;
    FoundTables found_;
    std::set<Material> taken_over_;
    std::vector<SliceAction> actions_;  // per material of the order
};

}  // namespace dtb::gen
