// What a resumed dtb gen does with each material (gen/run/resume_plan.hpp): finished materials
// are kept, and solved again only when a material computed in the run may look into them or
// their twin; one material of a needed twin pair is solved, the first in the order.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "dtb/core/apply.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/gen/run/resume_plan.hpp"

namespace dtb::gen {
namespace {

using Plan = std::map<std::string, SliceAction>;

Plan plan_for(int pieces, const std::set<std::string>& unfinished,
              const std::set<std::string>& undescribed = {},
              const std::set<std::string>& in_scratch = {}) {
    const auto order = materials_up_to(pieces);
    const auto plan = plan_slices(
        order, [&](const Material& m) { return !unfinished.count(m.name()); },
        [&](const Material& m) { return !undescribed.count(m.name()); },
        [&](const Material& m) {
            return in_scratch.count(m.name()) > 0 || in_scratch.count(m.flipped().name()) > 0;
        });
    Plan out;
    for (std::size_t k = 0; k < order.size(); ++k) out[order[k].name()] = plan[k];
    return out;
}

int computed_count(const Plan& p) {
    return int(std::count_if(p.begin(), p.end(),
                             [](const auto& e) { return e.second != SliceAction::keep; }));
}

std::set<std::string> with(const Plan& p, SliceAction a) {
    std::set<std::string> out;
    for (const auto& [name, action] : p)
        if (action == a) out.insert(name);
    return out;
}

TEST(ResumePlan, AFinishedDirectoryIsKeptWhole) {
    const Plan p = plan_for(4, {});
    EXPECT_EQ(with(p, SliceAction::keep).size(), materials_up_to(4).size());
}

TEST(ResumePlan, AnEmptyDirectoryIsSolvedWhole) {
    std::set<std::string> all;
    for (const auto& m : materials_up_to(3)) all.insert(m.name());
    const Plan p = plan_for(3, all);
    EXPECT_EQ(with(p, SliceAction::solve), all);
}

TEST(ResumePlan, WhatASolvedSliceMayLookIntoIsSolvedAgainOncePerTwinPair) {
    // KMvK may look into the earlier materials with no black man, at most two white pieces
    // and one black: KvK, MvK and KKvK (the promotion). Each is solved again through its twin
    // pair's first material in the order.
    const Plan p = plan_for(3, {"KMvK"});
    EXPECT_EQ(with(p, SliceAction::solve), std::set<std::string>{"KMvK"});
    const auto again = with(p, SliceAction::again);
    EXPECT_EQ(again.size(), 3u);
    EXPECT_TRUE(again.count("KvK"));
    EXPECT_EQ(again.count("MvK") + again.count("KvM"), 1u);
    EXPECT_EQ(again.count("KKvK") + again.count("KvKK"), 1u);
    // Nothing else: MvM has a black man, which KMvK has not; later materials are finished.
    EXPECT_EQ(p.at("MvM"), SliceAction::keep);
    EXPECT_EQ(p.at("MMvK"), SliceAction::keep);
}

TEST(ResumePlan, AMissingManifestEntrySolvesTheSliceAgainAndWhatItNeeds) {
    const Plan p = plan_for(3, {}, {"KKvK"});
    EXPECT_EQ(p.at("KKvK"), SliceAction::again);
    EXPECT_EQ(p.at("KvK"), SliceAction::again);  // a capture of KKvK leads there
    EXPECT_EQ(p.at("MvM"), SliceAction::keep);
    EXPECT_TRUE(with(p, SliceAction::solve).empty());
}

TEST(ResumePlan, ASliceNeededWhoseTwinIsNotFinishedIsSolved) {
    // KKvK (which holds KvKK's Black to move) is missing; KvKK is needed by KKvKK (4 pieces)
    // being solved: it is solved for good, which writes KKvK too.
    const Plan p = plan_for(4, {"KKvK", "KKvKK"});
    const auto first = std::min(*Material::parse("KvKK"), *Material::parse("KKvK"));
    EXPECT_EQ(p.at(first.name()), SliceAction::solve);
    EXPECT_EQ(p.at("KKvK"), SliceAction::solve);
}

TEST(ResumePlan, DependenciesAreTransitive) {
    // may_depend_on is transitive: what a dependency may look into, the slice may too, so
    // everything a slice solved again needs is solved (again) before it.
    const auto order = materials_up_to(4);
    for (const auto& a : order)
        for (const auto& b : order)
            for (const auto& c : order)
                if (may_depend_on(a, b) && may_depend_on(b, c)) {
                    EXPECT_TRUE(may_depend_on(a, c)) << a.name() << b.name() << c.name();
                }
}

TEST(ResumePlan, EveryMaterialComputedHasWhatItNeedsBeforeIt) {
    // Whatever is unfinished, each material solved (again) finds each material it may look
    // into (or that one's twin) solved (again) earlier in the order.
    const auto order = materials_up_to(4);
    for (std::size_t gone = 0; gone < order.size(); gone += 3) {
        const Plan p = plan_for(4, {order[gone].name()}, {order[(gone * 7) % order.size()].name()});
        std::set<Material> held;
        for (const auto& m : order) {
            const SliceAction a = p.at(m.name());
            if (a == SliceAction::keep) continue;
            for (const auto& d : order)
                if (may_depend_on(m, d)) {
                    EXPECT_TRUE(held.count(d) || held.count(d.flipped()))
                        << m.name() << " needs " << d.name() << " (unfinished "
                        << order[gone].name() << ")";
                }
            held.insert(m);
        }
    }
}

TEST(ResumePlan, APairInScratchIsReadThereAndNeedsNothing) {
    // KMvKM solved: it moves into KKvKM (a promotion), which without scratch is solved again,
    // and with it KKvKK, where only the promotions of KKvKM and of its twin lead. With
    // KKvKM's values in scratch neither is; what KMvKM moves into itself still is.
    const Plan without = plan_for(4, {"KMvKM"});
    EXPECT_NE(without.at("KKvKM"), SliceAction::keep);
    EXPECT_NE(without.at("KKvKK"), SliceAction::keep);
    const Plan with = plan_for(4, {"KMvKM"}, {}, {"KKvKM"});
    EXPECT_EQ(with.at("KKvKM"), SliceAction::keep);
    EXPECT_EQ(with.at("KMvKK"), SliceAction::keep);  // its twin: answered by the same file
    EXPECT_EQ(with.at("KKvKK"), SliceAction::keep);
    EXPECT_LT(computed_count(with), computed_count(without));
    // A capture of KMvKM leads to KMvK: its pair is solved again, through its first.
    EXPECT_TRUE(with.at("KMvK") != SliceAction::keep || with.at("KvKM") != SliceAction::keep);
}

TEST(ResumePlan, EveryMaterialComputedFindsWhatItMovesIntoComputedOrInScratch) {
    const auto order = materials_up_to(4);
    for (std::size_t gone = 0; gone < order.size(); gone += 5) {
        std::set<std::string> scratch;
        for (std::size_t k = gone % 3; k < order.size(); k += 4) scratch.insert(order[k].name());
        const Plan p = plan_for(4, {order[gone].name()}, {}, scratch);
        std::set<Material> held;
        for (const auto& m : order) {
            if (scratch.count(m.name())) held.insert(m);
            if (p.at(m.name()) == SliceAction::keep) continue;
            for (const auto& d : order)
                if (moves_into(m, d)) {
                    EXPECT_TRUE(held.count(d) || held.count(d.flipped()))
                        << m.name() << " moves into " << d.name();
                }
            held.insert(m);
        }
    }
}

TEST(ResumePlan, AMoveLeadsWhereMovesIntoSays) {
    // Every move of sampled positions of every russian material up to 4 pieces, and of
    // turkish (orthogonal men, captures of any length) up to 3, leaves its material or one
    // that moves_into names; a run lets a slice go by that relation.
    auto check = [](auto variant, int pieces) {
        using V = decltype(variant);
        using G = typename V::board;
        for (const Material& m : materials_up_to(pieces)) {
            const Index<V> idx(m);
            const std::uint64_t step = std::max<std::uint64_t>(1, idx.size() / 2000);
            for (std::uint64_t i = 0; i < idx.size(); i += step)
                for (const Color side : {Color::white, Color::black}) {
                    Position<V> p;
                    if (!idx.unrank(i, side, p)) continue;
                    MoveList<G> moves;
                    MoveGen<V>::generate(p, moves);
                    for (const auto& mv : moves) {
                        const Position<V> c = apply(p, mv);
                        if (c.white == 0 || c.black == 0) continue;
                        const Material d = material_of(c);
                        EXPECT_TRUE(d == m || moves_into(m, d)) << m.name() << " -> " << d.name();
                    }
                }
        }
    };
    check(Russian{}, 4);
    check(Turkish{}, 3);
}

TEST(ResumePlan, MovingIntoIsDependingOn) {
    // One move's reach lies within what a slice may look into, and a twin never moves into
    // its twin (a run lets a pair go together).
    for (const auto& m : materials_up_to(5))
        for (const auto& d : materials_up_to(5)) {
            if (moves_into(m, d)) {
                EXPECT_TRUE(may_depend_on(m, d)) << m.name() << d.name();
            }
            if (d == m.flipped()) {
                EXPECT_FALSE(moves_into(m, d)) << m.name();
            }
        }
    EXPECT_TRUE(moves_into(*Material::parse("KMvKM"), *Material::parse("KKvKM")));
    EXPECT_TRUE(moves_into(*Material::parse("KMvKM"), *Material::parse("KMvK")));
    EXPECT_TRUE(moves_into(*Material::parse("KMvKMM"), *Material::parse("KKvK")));
    EXPECT_FALSE(moves_into(*Material::parse("KMvKM"), *Material::parse("KKvKK")));
    EXPECT_FALSE(moves_into(*Material::parse("KMMvK"), *Material::parse("KKKvK")));
}

}  // namespace
}  // namespace dtb::gen
