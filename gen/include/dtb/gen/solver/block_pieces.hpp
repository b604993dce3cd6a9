// A slice's blocks cut into pieces for a parallel loop: a block of millions of entries (a
// slice of kings only is one block) into pieces of at most `piece` entries, and blocks of few
// entries (a slice of men only has blocks of one) handed out `chunk()` pieces at a time.
// Every piece lies within one block, so a loop body may work on the block's men once.
#pragma once

#include <algorithm>
#include <cstdint>

namespace dtb::gen {

class BlockPieces {
  public:
    struct Piece {
        std::uint64_t block, begin, end;  // entries [begin, end) of the block, from its start
    };

    BlockPieces(std::uint64_t blocks, std::uint64_t block_size, std::uint64_t piece)
        : block_size_(block_size),
          piece_(piece),
          per_block_((block_size + piece - 1) / piece),
          count_(blocks * per_block_) {}

    std::uint64_t count() const { return count_; }
    // Pieces a thread takes at a time, about `piece` entries.
    int chunk() const { return int(std::max<std::uint64_t>(1, piece_ / block_size_)); }
    Piece operator[](std::uint64_t k) const {
        const std::uint64_t begin = k % per_block_ * piece_;
        return {k / per_block_, begin, std::min(block_size_, begin + piece_)};
    }

  private:
    std::uint64_t block_size_, piece_, per_block_, count_;
};

}  // namespace dtb::gen
