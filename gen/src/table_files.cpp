#include "dtb/gen/tables/table_files.hpp"

#include <algorithm>

#include "dtb/compress/table_dir.hpp"
#include "dtb/gen/tables/counters_files.hpp"

namespace dtb::gen {

std::unique_ptr<compress::TableReader> open_table(const std::filesystem::path& dir,
                                                  VariantId variant, const Material& m,
                                                  compress::ValueKind k) {
    std::unique_ptr<compress::TableReader> r;
    std::string message;
    if (compress::TableReader::open(dir / compress::table_file_name(m, k), {variant, m, k}, r,
                                    message) != compress::ErrorCode::ok)
        throw compress::TableError(message);
    return r;
}

namespace {

// m's table of kind k, opened as such and checked: the whole-file hash, and every block
// decoded once. Throws compress::TableError naming what is wrong.
std::unique_ptr<compress::TableReader> open_checked(const std::filesystem::path& dir,
                                                    VariantId variant, const Material& m,
                                                    compress::ValueKind k,
                                                    compress::DecodeContext& ctx) {
    auto r = open_table(dir, variant, m, k);
    std::string message;
    if (r->verify(ctx, message) != compress::ErrorCode::ok) throw compress::TableError(message);
    return r;
}

// What is wrong with the first of m's three tables (or its WDL table alone) that fails
// open_checked, or nothing.
std::optional<std::string> check_tables(const std::filesystem::path& dir, VariantId variant,
                                        const Material& m, bool wdl_only) {
    compress::DecodeContext ctx;
    try {
        for (const auto k : kValueKinds)
            if (!wdl_only || k == compress::ValueKind::wdl) open_checked(dir, variant, m, k, ctx);
    } catch (const compress::TableError& e) {
        return e.what();
    }
    return std::nullopt;
}

}  // namespace

template <class T>
void read_checked_table(const std::filesystem::path& dir, VariantId variant, const Material& m,
                        compress::ValueKind k, std::span<T> out) {
    compress::DecodeContext ctx;
    // Decoding again after the check is cheap next to solving.
    const auto r = open_checked(dir, variant, m, k, ctx);
    if (out.size() != r->positions())
        throw compress::TableError(m.name() + ": " + std::to_string(r->positions()) +
                                   " entries in its table, " + std::to_string(out.size()) +
                                   " expected");
    std::vector<std::uint16_t> block(r->block_positions());
    std::string message;
    for (std::uint64_t b = 0; b < r->blocks(); ++b) {
        if (r->decode_block(b, ctx, block.data(), message) != compress::ErrorCode::ok)
            throw compress::TableError(message);
        const std::uint64_t first = b * r->block_positions();
        const std::uint64_t n = std::min<std::uint64_t>(block.size(), out.size() - first);
        for (std::uint64_t i = 0; i < n; ++i) {
            if constexpr (sizeof(T) == 1)
                if (block[i] > 0xFF)
                    throw compress::TableError(m.name() + ": a value of its " + to_string(k) +
                                               " table passes a byte");
            out[first + i] = T(block[i]);
        }
    }
}
template void read_checked_table(const std::filesystem::path&, VariantId, const Material&,
                                 compress::ValueKind, std::span<std::uint8_t>);
template void read_checked_table(const std::filesystem::path&, VariantId, const Material&,
                                 compress::ValueKind, std::span<std::uint16_t>);

bool counters_tables_intact(const std::filesystem::path& dir, VariantId variant, const Material& m,
                            const compress::ManifestEntry& entry) {
    const auto& listed = entry.counters_table_bytes;
    if (listed.empty()) return false;
    compress::DecodeContext ctx;
    try {
        for (const ValueKind k : kCountersFileKinds) {
            const auto path = dir / compress::table_file_name(m, k);
            const auto size = std::find_if(listed.begin(), listed.end(),
                                           [&](const auto& kb) { return kb.first == k; });
            std::error_code ec;
            const bool exists = std::filesystem::exists(path, ec);
            if (size == listed.end()) {
                if (exists) return false;  // a table the entry does not know
                continue;
            }
            if (!exists || std::filesystem::file_size(path, ec) != size->second) return false;
            open_checked(dir, variant, m, k, ctx);
        }
    } catch (const compress::TableError&) {
        return false;
    }
    return true;
}

bool distance_tables_intact(const std::filesystem::path& dir, VariantId variant,
                            const CounterSet& set, const Material& m) {
    compress::DecodeContext ctx;
    try {
        for (const Material& own : {m, m.flipped()})
            for (const ValueKind k : distance_table_kinds(set, m)) {
                std::error_code ec;
                if (!std::filesystem::exists(dir / compress::table_file_name(own, k), ec))
                    return false;
                open_checked(dir, variant, own, k, ctx);
            }
    } catch (const compress::TableError&) {
        return false;
    }
    return true;
}

FoundTables find_tables(const std::filesystem::path& dir, VariantId variant,
                        const std::vector<Material>& materials, bool wdl_only) {
    std::vector<std::optional<std::string>> damage(materials.size());
    std::vector<char> present(materials.size(), 0);
#pragma omp parallel for schedule(dynamic, 1)
    for (std::size_t k = 0; k < materials.size(); ++k) {
        for (const auto kind : kValueKinds)
            present[k] |=
                std::filesystem::exists(dir / compress::table_file_name(materials[k], kind));
        if (present[k]) damage[k] = check_tables(dir, variant, materials[k], wdl_only);
    }
    FoundTables out;
    for (std::size_t k = 0; k < materials.size(); ++k) {
        if (!present[k]) continue;
        if (damage[k]) {
            out.damaged[materials[k]] = *damage[k];
        } else {
            out.finished.insert(materials[k]);
        }
    }
    return out;
}

}  // namespace dtb::gen
