#include "dtb/gen/table_files.hpp"

namespace dtb::gen {

std::vector<std::uint16_t> read_checked_table(const std::filesystem::path& dir,
                                              std::uint8_t variant, const Material& m,
                                              compress::ValueKind k) {
    std::unique_ptr<compress::TableReader> r;
    std::string message;
    const auto path = dir / compress::table_file_name(m, k);
    if (compress::TableReader::open(path, {variant, m, k}, r, message) != compress::ErrorCode::ok)
        throw compress::TableError(message);
    compress::DecodeContext ctx;
    // verify() checks the whole-file hash and decodes every block once; decoding again
    // below is cheap next to solving.
    if (r->verify(ctx, message) != compress::ErrorCode::ok) throw compress::TableError(message);
    std::vector<std::uint16_t> values(r->positions());
    for (std::uint64_t b = 0; b < r->blocks(); ++b)
        if (r->decode_block(b, ctx, values.data() + b * r->block_positions(), message) !=
            compress::ErrorCode::ok)
            throw compress::TableError(message);
    return values;
}

}  // namespace dtb::gen
