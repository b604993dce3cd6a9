// dtb serve: the analysis board. An HTTP server with one page (web/, compiled in) and a JSON
// API over the probing library whose answers are those of dtb probe --json, dtb best --json
// and dtb annotate --json. One table directory per variant; a pool of threads serves the
// requests over one probing handle per variant. The API itself is serve_api.cpp.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "probe_cli.hpp"
#include "serve_api.hpp"
#include "web_assets.hpp"

namespace dtb::cli {

namespace {

struct ServeOptions {
    std::vector<std::string> dirs;
    int port = 8080;
    std::string host = "127.0.0.1";
    int threads = 8;
};

Served open_served(const std::vector<std::string>& dirs) {
    Served served;
    for (const std::string& dir : dirs) {
        auto tb = std::make_unique<probe::Tablebase>(open_tables(dir));
        const std::string name(tb->variant());
        if (served.count(name))
            throw UsageError("directory", dir + ": a second directory of " + name +
                                              " tables (one per variant; a search path "
                                              "DIR1:DIR2 joins several)");
        served[name] = std::move(tb);
    }
    return served;
}

void run(const ServeOptions& o) {
    const Served served = open_served(o.dirs);
    httplib::Server server;
    server.new_task_queue = [n = o.threads] { return new httplib::ThreadPool(std::size_t(n)); };
    server.set_tcp_nodelay(true);  // small JSON answers: Nagle and delayed ACKs would add 40 ms
    for (const WebAsset& a : web_assets()) {
        const std::string path = a.path == "/index.html" ? "/" : std::string(a.path);
        server.Get(path, [&a](const httplib::Request&, httplib::Response& res) {
            res.set_content(a.body.data(), a.body.size(), std::string(a.type).c_str());
        });
    }
    add_api(server, served);
    if (!server.bind_to_port(o.host, o.port))
        throw CommandError(kExitFailure, "io",
                           "cannot listen on " + o.host + ":" + std::to_string(o.port) +
                               " (in use? another --port)");
    std::string names;
    for (const auto& [name, tb] : served) names += (names.empty() ? "" : ", ") + name;
    std::cerr << "dtb serve: http://" << o.host << ":" << o.port << "/ (" << names << ")"
              << std::endl;
    server.listen_after_bind();
}

}  // namespace

void add_serve_command(CLI::App& app) {
    auto o = std::make_shared<ServeOptions>();
    auto* cmd = app.add_subcommand("serve", "The analysis board: a web page and a JSON API");
    cmd->footer(
        "Serves the tables of each DIR (one variant each) over HTTP: the analysis board at /\n"
        "(open it in a browser) and a JSON API:\n"
        "  GET /api/variants    the variants served, with their boards and counters\n"
        "  GET /api/probe?variant=V&fen=F[&counters=NAME=PLIES,...][&moves=M1 M2...]\n"
        "                       the JSON of dtb probe --json\n"
        "  GET /api/line?variant=V&fen=F[&counters=...][&moves=...][&pure=1]\n"
        "                       the JSON of dtb best --json\n"
        "  POST /api/annotate?variant=V[&under=pure|counters], the body PDN text (1 MiB at\n"
        "                       most): the games checked as dtb annotate --json, each with\n"
        "                       its moves and the FEN after each\n"
        "Parameters are URL-encoded. Bad input (a malformed FEN, counters or moves, a variant\n"
        "not served, a position outside the tables) gets status 400 with\n"
        "{\"error\": {\"code\", \"message\"}}; a broken table 500.\n"
        "Examples:\n"
        "  dtb serve tables/russian tables/international --port 8080\n"
        "  curl 'http://127.0.0.1:8080/api/probe?variant=russian&fen=W:WKa1,Kc3:Bh8'");
    cmd->add_option("dirs", o->dirs, "Table directories (DIR, or a search path DIR1:DIR2)")
        ->required();
    cmd->add_option("--port", o->port, "TCP port (default 8080)")->check(CLI::Range(1, 65535));
    cmd->add_option("--host", o->host,
                    "Address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: all)");
    cmd->add_option("--threads", o->threads, "Threads serving requests (default 8)")
        ->check(CLI::Range(1, 256));
    cmd->callback([o] { run(*o); });
}

}  // namespace dtb::cli
