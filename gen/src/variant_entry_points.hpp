// What gen compiles once per variant (entry_points.cpp.in, one object per variant), declared for
// the sources that reach it through dispatch: the generator run, the table rewrites of
// dtb pack, the counters' report of dtb rules, and dtb moves' and dtb perft's answers.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>

#include "dtb/compress/table_writer.hpp"
#include "dtb/gen/counters/counters_report.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/gen/moves.hpp"

namespace dtb::gen {

template <class V>
GenSummary generate_variant(VariantId id, const GenOptions& o, const GenCallbacks& cb);

template <class V>
GenEstimate estimate_variant(const GenOptions& o);

template <class V>
RanksEstimate estimate_ranks_variant(const GenOptions& o, int ranks);

template <class V>
std::array<std::uint64_t, 3> rewrite_variant_tables(const std::filesystem::path& dir,
                                                    VariantId variant, const Material& m,
                                                    compress::Compression compression,
                                                    std::array<bool, 3> which);

template <class V>
std::uint64_t write_variant_one_ply_wdl(const std::filesystem::path& dir, VariantId variant,
                                        const Material& m, const std::filesystem::path& to);

template <class V>
LegalMoves legal_moves_of(const std::string& fen, bool keep_duplicates);

template <class V>
Perft perft_of(const std::string& fen, int depth, bool keep_duplicates,
               const std::function<void(const PerftDepth&)>& each_depth);

template <class V>
probe::Status counters_report_variant(const probe::Tablebase& tb, const Material& m, Color side,
                                      probe::CountersReportRow& row, std::string* message,
                                      const probe::CountersReportOptions& options);

}  // namespace dtb::gen
