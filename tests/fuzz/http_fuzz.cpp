// libFuzzer target: any bytes as an HTTP request to dtb serve, handed to the server's own request
// handling without a socket: httplib reads the request line, the headers, the query and the
// body and routes them to the JSON API (cli/serve_api.hpp) over russian tables up to 3 pieces
// and international up to 2, written when the target starts. The answer is a success with JSON
// or an error (4xx) with the JSON error {"error": {"code", "message"}}; a 5xx (the tables are
// sound: an exception the API did not expect), an answer that is not JSON, a crash or a hang is
// a finding.
//
// Input: the request as a client sends it,
//   GET /api/probe?variant=russian&fen=W%3AWKa1%3ABKh8 HTTP/1.1\r\n\r\n
//   POST /api/annotate?variant=russian HTTP/1.1\r\nContent-Length: 20\r\n\r\n1. c3-d4 f6-e5 *...
#include <httplib.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "dtb/gen/generate.hpp"
#include "serve_api.hpp"

namespace {

namespace fs = std::filesystem;

// The request's bytes to read, the answer's written.
class InputStream : public httplib::Stream {
  public:
    InputStream(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
    bool is_readable() const override { return true; }
    bool is_writable() const override { return true; }
    ssize_t read(char* ptr, std::size_t size) override {
        size = std::min(size, size_ - read_);
        std::memcpy(ptr, data_ + read_, size);
        read_ += size;
        return ssize_t(size);
    }
    ssize_t write(const char* ptr, std::size_t size) override {
        written_.append(ptr, size);
        return ssize_t(size);
    }
    void get_remote_ip_and_port(std::string& ip, int& port) const override {
        ip = "127.0.0.1";
        port = 50000;
    }
    void get_local_ip_and_port(std::string& ip, int& port) const override {
        ip = "127.0.0.1";
        port = 8080;
    }
    socket_t socket() const override { return INVALID_SOCKET; }

  private:
    const std::uint8_t* data_;
    std::size_t size_, read_ = 0;
    std::string written_;
};

// Aborts unless res is an answer the API gives: not a 5xx, and a body of JSON (an error's as
// {"error": {"code", "message"}}) unless httplib cut it to the ranges asked for or compressed it.
void check(const httplib::Request& req, const httplib::Response& res) {
    if (res.status >= 500) std::abort();
    if (!req.ranges.empty() || res.has_header("Content-Encoding")) return;
    const auto j = nlohmann::json::parse(res.body, nullptr, false);
    if (j.is_discarded()) std::abort();
    if (res.status < 400) return;
    const auto e = j.find("error");
    if (e == j.end() || !e->is_object()) std::abort();
    for (const char* key : {"code", "message"}) {
        const auto v = e->find(key);
        if (v == e->end() || !v->is_string() || v->get<std::string>().empty()) std::abort();
    }
}

// dtb serve's server over tables written for it, taking requests from a stream.
class Server : public httplib::Server {
  public:
    Server() : dir_(fs::temp_directory_path() / ("dtb_http_fuzz_" + std::to_string(getpid()))) {
        fs::remove_all(dir_);
        for (const auto& [id, pieces] :
             {std::pair{dtb::VariantId::russian, 3}, std::pair{dtb::VariantId::international, 2}}) {
            dtb::gen::GenOptions o;
            o.pieces = pieces;
            o.out = dir_ / dtb::variant_name(id);
            o.threads = 1;
            dtb::gen::generate(id, o);
            served_[std::string(dtb::variant_name(id))] =
                std::make_unique<dtb::probe::Tablebase>(o.out, 16 << 20);
        }
        dtb::cli::add_api(*this, served_);
        set_post_routing_handler(check);
    }
    ~Server() override {
        served_.clear();
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    void answer(httplib::Stream& request) {
        bool closed = false;
        process_request(request, true, closed, [](httplib::Request&) {});
    }

  private:
    fs::path dir_;
    dtb::cli::Served served_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static Server server;
    InputStream request(data, size);
    server.answer(request);
    return 0;
}
