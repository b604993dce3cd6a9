// Reading a compressed table (the format: table_format.hpp): the file is mapped read-only and
// its header and block index are checked when it opens; a block is checked and decoded on
// demand into caller-owned memory.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "dtb/compress/table_format.hpp"
#include "dtb/compress/table_writer.hpp"

struct ZSTD_DCtx_s;
struct ZSTD_DDict_s;

namespace dtb::compress {

namespace detail {
class RunCode;

// Where a reading of a frame's runs stopped (RunCode::value_at): the bit where the next run's
// token starts, and the run read last, entries [begin, end) of `value`, the next run's value
// given by `rank`. A cursor made by default is before the first run.
struct RunCursor {
    std::size_t bit = 0;
    std::uint64_t begin = 0, end = 0;
    int value = -1;  // -1: no run read yet
    int rank = 0;
};
}  // namespace detail

// The state one thread needs to decode blocks: a zstd context, a scratch buffer, and where the
// reading of a block's runs stopped. One per thread; movable, not copyable.
class DecodeContext {
  public:
    DecodeContext();
    ~DecodeContext();
    DecodeContext(DecodeContext&& o) noexcept;
    DecodeContext& operator=(DecodeContext&& o) noexcept;
    DecodeContext(const DecodeContext&) = delete;
    DecodeContext& operator=(const DecodeContext&) = delete;

  private:
    friend class TableReader;
    ZSTD_DCtx_s* dctx_ = nullptr;
    std::vector<unsigned char> scratch_;
    detail::RunCursor runs_;
};

// Bytes that n values take in encoding e, and entry i of such n encoded values.
std::size_t encoded_size(Encoding e, std::size_t n);
std::uint16_t encoded_value(Encoding e, const unsigned char* encoded, std::size_t n, std::size_t i);

// An open, mapped, header-checked table. All const methods are thread-safe.
class TableReader {
  public:
    // Opens and checks header, block index and sizes (not the block checksums: those are
    // checked when a block is decoded). `expected` must match the header (variant, material,
    // kind). On failure `out` is left empty and `message` says what is wrong.
    static ErrorCode open(const std::filesystem::path& path, const TableSpec& expected,
                          std::unique_ptr<TableReader>& out, std::string& message);
    ~TableReader();
    TableReader(const TableReader&) = delete;
    TableReader& operator=(const TableReader&) = delete;

    const TableSpec& spec() const { return spec_; }
    std::uint32_t format_version() const { return header_.format_version; }
    std::uint64_t positions() const { return header_.positions; }  // index entries
    std::uint32_t block_positions() const { return header_.block_positions; }
    std::uint64_t blocks() const { return header_.blocks; }
    // TableForm::one_ply: an entry 0 is not a value (table_format.hpp).
    TableForm form() const { return TableForm(header_.form); }
    // Entries of block b: block_positions(), or fewer for the last.
    std::uint32_t block_entries(std::uint64_t b) const;
    // How the blocks are stored: their values encoded (what a decompressed block holds), the
    // encoded bytes in zstd frames or as runs.
    Encoding encoding() const { return coding_.encoding; }
    FrameCoding frame_coding() const { return coding_.frames; }
    std::uint16_t max_value() const { return header_.max_value; }
    // The zstd level the frames were compressed with (0: not recorded).
    int zstd_level() const { return header_.zstd_level; }
    std::uint64_t file_size() const { return header_.file_size; }
    const std::filesystem::path& path() const { return path_; }

    // Decodes block b into out[0 .. block_entries(b)), checking the block checksum.
    ErrorCode decode_block(std::uint64_t b, DecodeContext& ctx, std::uint16_t* out,
                           std::string& message) const;
    // Checks and decompresses block b without unpacking it: `encoded` points to its
    // encoded_size(encoding(), block_entries(b)) bytes (Encoding, table_format.hpp) in ctx,
    // valid until ctx is used again. encoded_value() reads an entry from them.
    ErrorCode decompress_block(std::uint64_t b, DecodeContext& ctx, const unsigned char*& encoded,
                               std::string& message) const;
    // Entry i of block b, decoding no more than it needs: a table of runs reads the block's
    // runs as far as i, other tables decompress the block into ctx. `resume` is the caller's
    // word that ctx last served block b of this table (by this call, successfully): the
    // block's checksum is not checked again, and its runs are read on from where they
    // stopped, or its decompressed bytes read again.
    ErrorCode block_entry(std::uint64_t b, std::uint32_t i, bool resume, DecodeContext& ctx,
                          std::uint16_t& value, std::string& message) const;
    // Every checksum (each block and the whole file), and that every block decodes.
    ErrorCode verify(DecodeContext& ctx, std::string& message) const;

  private:
    TableReader() = default;
    ErrorCode fail(ErrorCode c, const std::string& what, std::string& message) const;
    // Block b's frame (bytes [frame, frame + size) of the map), its checksum checked if `check`.
    ErrorCode checked_frame(std::uint64_t b, const unsigned char*& frame, std::size_t& size,
                            bool check, std::string& message) const;

    std::filesystem::path path_;
    TableSpec spec_;
    TableHeader header_{};
    BlockCoding coding_;  // header_.coding decoded
    const unsigned char* map_ = nullptr;
    std::size_t map_size_ = 0;
    ZSTD_DDict_s* ddict_ = nullptr;
    std::unique_ptr<const detail::RunCode> run_code_;  // FrameCoding::runs
};

}  // namespace dtb::compress
