#include "dtb/gen/mpi_ranks.hpp"

#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <list>
#include <stdexcept>
#include <string>
#include <thread>

namespace dtb::gen {

namespace {

constexpr int kStepDoneTag = 1;

// A StepDone on the wire: the step (8 bytes, little-endian), the rules flag (1 byte), the
// entry's JSON.
std::string encode(const StepDone& d) {
    std::string out(9, '\0');
    for (int i = 0; i < 8; ++i)
        out[std::size_t(i)] = char((std::uint64_t(d.step) >> (8 * i)) & 0xff);
    out[8] = d.counters_skipped ? 1 : 0;
    return out + d.entry;
}

StepDone decode(const std::string& bytes) {
    if (bytes.size() < 9)
        throw std::runtime_error("MPI: a message of " + std::to_string(bytes.size()) + " bytes");
    StepDone d;
    std::uint64_t step = 0;
    for (int i = 0; i < 8; ++i)
        step |= std::uint64_t(std::uint8_t(bytes[std::size_t(i)])) << (8 * i);
    d.step = std::size_t(step);
    d.counters_skipped = bytes[8] != 0;
    d.entry = bytes.substr(9);
    return d;
}

void check(int rc, const char* what) {
    if (rc == MPI_SUCCESS) return;
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(rc, text, &len);
    throw std::runtime_error(std::string("MPI: ") + what + ": " +
                             std::string(text, std::size_t(len)));
}

}  // namespace

// One message to every other rank: its bytes live until each send has completed.
struct MpiRanks::Sends {
    struct Message {
        std::string bytes;
        std::vector<MPI_Request> requests;
    };
    std::list<Message> under_way;

    // Lets go of the messages every rank has received.
    void progress(bool wait) {
        for (auto it = under_way.begin(); it != under_way.end();) {
            int complete = 0;
            if (wait) {
                check(
                    MPI_Waitall(int(it->requests.size()), it->requests.data(), MPI_STATUSES_IGNORE),
                    "waiting for a send");
                complete = 1;
            } else {
                check(MPI_Testall(int(it->requests.size()), it->requests.data(), &complete,
                                  MPI_STATUSES_IGNORE),
                      "testing a send");
            }
            it = complete ? under_way.erase(it) : std::next(it);
        }
    }
};

MpiRanks::MpiRanks() : sends_(std::make_unique<Sends>()) {
    int provided = 0;
    check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided), "starting");
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    MPI_Comm local;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local);
    MPI_Comm_size(local, &local_size_);
    MPI_Comm_free(&local);
}

MpiRanks::~MpiRanks() {
    try {
        sends_->progress(true);
    } catch (const std::exception&) {
        // Finalizing below is all that is left to do.
    }
    MPI_Finalize();
}

void MpiRanks::barrier() { check(MPI_Barrier(MPI_COMM_WORLD), "barrier"); }

void MpiRanks::announce(const StepDone& done) {
    auto& m = sends_->under_way.emplace_back();
    m.bytes = encode(done);
    for (int r = 0; r < size_; ++r) {
        if (r == rank_) continue;
        m.requests.emplace_back();
        check(MPI_Isend(m.bytes.data(), int(m.bytes.size()), MPI_BYTE, r, kStepDoneTag,
                        MPI_COMM_WORLD, &m.requests.back()),
              "announcing a finished material");
    }
    sends_->progress(false);
}

// Polls rather than blocks: a rank blocked in MPI_Recv spins on its core, which the ranks
// still solving on the same machine need.
std::vector<StepDone> MpiRanks::collect(bool wait) {
    std::vector<StepDone> out;
    for (;;) {
        sends_->progress(false);
        int flag = 0;
        MPI_Status status;
        check(MPI_Iprobe(MPI_ANY_SOURCE, kStepDoneTag, MPI_COMM_WORLD, &flag, &status), "probing");
        if (flag) {
            int count = 0;
            MPI_Get_count(&status, MPI_BYTE, &count);
            std::string bytes(std::size_t(count), '\0');
            check(MPI_Recv(bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, kStepDoneTag,
                           MPI_COMM_WORLD, MPI_STATUS_IGNORE),
                  "receiving");
            out.push_back(decode(bytes));
            continue;
        }
        if (!out.empty() || !wait) return out;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

void MpiRanks::abort(int exit_code) {
    MPI_Abort(MPI_COMM_WORLD, exit_code);
    std::abort();  // MPI_Abort does not return
}

}  // namespace dtb::gen
