// Runs a fuzz target's LLVMFuzzerTestOneInput on files, without libFuzzer: the corpora and the
// inputs of crashes found (tests/fuzz/regressions) replayed by every build's test suite.
//   dtb_NAME_replay FILE_OR_DIR...
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

void replay(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in), {}};
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

}  // namespace

int main(int argc, char** argv) {
    std::uint64_t files = 0;
    for (int i = 1; i < argc; ++i) {
        const std::filesystem::path arg = argv[i];
        if (!std::filesystem::exists(arg)) continue;  // a target without regressions yet
        if (!std::filesystem::is_directory(arg)) {
            replay(arg);
            ++files;
            continue;
        }
        for (const auto& e : std::filesystem::recursive_directory_iterator(arg))
            if (e.is_regular_file()) {
                replay(e.path());
                ++files;
            }
    }
    std::cout << files << " inputs replayed\n";
    return files > 0 ? 0 : 1;
}
