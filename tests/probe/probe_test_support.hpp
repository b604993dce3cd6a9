// Shared by the probe tests: generator tables solved in memory and written as compressed
// table files (compress::write_table) into a temporary directory, once per test process and
// variant; the raw values to compare the prober with.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>

#include "dtb/compress/manifest.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/gen/run/solved_slices.hpp"
#include "dtb/gen/tables/table_files.hpp"

namespace dtb::test {

// A directory of table files for V up to max_pieces, and the tables they were written from.
template <class V>
struct ProbeFixture {
    std::filesystem::path dir;
    std::unique_ptr<gen::SolvedSlices<V>> raw;
    int pieces = 0;
};

inline VariantId variant_id_of(std::string_view name) { return find_variant(name)->id; }

// Writes the WDL, DTW and DTC tables of every solved material of tb into dir, with White to
// move, as dtb gen does (gen::write_tables: the positions the prober recomputes are
// left out).
template <class V>
void write_tables(const gen::SolvedSlices<V>& tb, int max_pieces,
                  const std::filesystem::path& dir) {
    std::filesystem::create_directories(dir);
    const auto variant = variant_id_of(V::name);
    for (const Material& m : materials_up_to(max_pieces))
        if (const gen::Slice<V>* s = tb.slice(m)) gen::write_tables(dir, variant, *s);
    compress::Manifest(variant, max_pieces, {}).write(dir);
}

// A fresh temporary directory, removed at the end of the process.
class TempDir {
  public:
    explicit TempDir(const std::string& tag) {
        path_ = std::filesystem::temp_directory_path() /
                ("dtb_probe_test_" + tag + "_" + std::to_string(::getpid()));
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
};

// V's tables up to max_pieces, solved and written once per process (threads: the
// generator's and the writer's, 0 for all cores; 1 under ThreadSanitizer, which does not
// see OpenMP's synchronisation).
template <class V>
const ProbeFixture<V>& probe_fixture(int max_pieces, int threads = 0) {
    static std::map<int, std::pair<std::unique_ptr<TempDir>, ProbeFixture<V>>> cache;
    auto it = cache.find(max_pieces);
    if (it == cache.end()) {
        auto dir = std::make_unique<TempDir>(std::string(V::name) + std::to_string(max_pieces));
        ProbeFixture<V> f;
        f.dir = dir->path();
        f.pieces = max_pieces;
        f.raw = std::make_unique<gen::SolvedSlices<V>>(
            gen::SolvedSlices<V>::solve(max_pieces, threads));
        write_tables(*f.raw, max_pieces, f.dir);
        it = cache.emplace(max_pieces, std::make_pair(std::move(dir), std::move(f))).first;
    }
    return it->second.second;
}

// V's tables up to `pieces` with the counters' tables of counter set `set` (and their distance
// tables: `distances`), as dtb gen writes them, in a temporary directory named after `tag`.
template <class V>
std::unique_ptr<TempDir> counters_tables(const CounterSet& set, int pieces, const std::string& tag,
                                         bool distances = false) {
    auto dir = std::make_unique<TempDir>(std::string(V::name) + "_" + tag + "_" +
                                         std::string(set.name) + std::to_string(pieces));
    gen::GenOptions o;
    o.pieces = pieces;
    o.out = dir->path();
    o.counter_set = std::string(set.name);
    o.distances = distances;
    gen::generate(variant_id_of(V::name), o);
    return dir;
}

}  // namespace dtb::test
