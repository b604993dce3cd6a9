// Of a material and its colour-flipped twin (core/flip.hpp) only one is solved; the other
// is derived from it here, block by block through the twin permutation (twin_index.hpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "dtb/gen/solver/block_pieces.hpp"
#include "dtb/gen/solver/slice.hpp"
#include "dtb/gen/solver/twin_index.hpp"

namespace dtb::gen {

template <class V>
struct Symmetry {
    // The slice of the flipped material, from a solved one (twins: made from a's index).
    //
    // With Sides::white the twin holds White to move only (what its tables are written
    // from), and the capture flags of both sides (the writer's mask needs both). Its arrays
    // are taken from `stock` where it has them.
    static std::unique_ptr<Slice<V>> flipped(const Slice<V>& a, const TwinIndex<V>& twins,
                                             Sides sides = Sides::both,
                                             ArrayStock* stock = nullptr) {
        auto b = std::make_unique<Slice<V>>(a.material().flipped(), sides, stock);
        const bool with_dtc = !a.dtc[0].empty();
        if (!with_dtc) b->dtc[0] = b->dtc[1] = {};
        const bool with_capture = !a.capture[0].empty();
        if (with_capture) b->clear_capture_flags(stock);
        // What is copied, (destination, source) by array, through plain pointers: a byte
        // store through a vector may alias the vector's own pointer, which the compiler then
        // loads again after every store.
        Copies<std::uint8_t> bytes;
        Copies<std::uint16_t> words;
        for (int t = 0; t <= (sides == Sides::both ? 1 : 0); ++t) {
            const int s = 1 - t;  // the twin's White to move is a's Black to move
            bytes.push_back({b->wdl[t].data(), a.wdl[s].data()});
            words.push_back({b->dtw[t].data(), a.dtw[s].data()});
            if (with_dtc) words.push_back({b->dtc[t].data(), a.dtc[s].data()});
        }
        if (with_capture)
            for (int s = 0; s < 2; ++s)
                bytes.push_back({b->capture[1 - s].data(), a.capture[s].data()});
        flip_arrays(a.index, twins, bytes, words);
        return b;
    }
    static std::unique_ptr<Slice<V>> flipped(const Slice<V>& a, Sides sides = Sides::both,
                                             ArrayStock* stock = nullptr) {
        return flipped(a, TwinIndex<V>(a.index), sides, stock);
    }

    // What is copied, (destination by twin index, source by a's index), array by array.
    template <class T>
    struct Copy;
    template <class T>
    using Copies = std::vector<Copy<T>>;

    // The twin's arrays from those of a slice of index idx (twins: made from idx). Entries of
    // the twin no placement of idx maps to (broken blocks) are left as they are.
    static void flip_arrays(const Index<V>& idx, const TwinIndex<V>& twins,
                            const Copies<std::uint8_t>& bytes, const Copies<std::uint16_t>& words) {
        const std::uint64_t size = idx.block_size();
        const std::uint32_t* const order = twins.order();
        const BlockPieces pieces(idx.blocks(), size, 1 << 16);
#pragma omp parallel for schedule(dynamic, pieces.chunk())
        for (std::uint64_t k = 0; k < pieces.count(); ++k) {
            const auto [block, begin, end] = pieces[k];
            const auto to = twins.block_base(block);
            if (!to) continue;
            const std::uint64_t from = block * size;
            // One array at a time: a loop of plain loads and stores each.
            for (const auto& c : bytes) c.scatter(from, *to, order, begin, end);
            for (const auto& c : words) c.scatter(from, *to, order, begin, end);
        }
    }

    template <class T>
    struct Copy {
        T* to;
        const T* from;
        // to[to_block + order[k]] = from[from_block + k] for k in [begin, end) of a block.
        void scatter(std::uint64_t from_block, std::uint64_t to_block, const std::uint32_t* order,
                     std::uint64_t begin, std::uint64_t end) const {
            const T* const src = from + from_block;
            T* const dst = to + to_block;
            for (std::uint64_t k = begin; k < end; ++k) dst[order[k]] = src[k];
        }
    };
};

}  // namespace dtb::gen
