// dtb serve: the analysis board. An HTTP server with one page (web/, compiled in) and a JSON
// API over the probing library whose answers are those of dtb probe --json and dtb best
// --json. One table directory per variant; a pool of threads serves the requests over one
// probing handle per variant.
#include <httplib.h>

#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "answer_format.hpp"
#include "board_layout.hpp"
#include "probe_cli.hpp"
#include "web_assets.hpp"

namespace dtb::cli {

namespace {

struct ServeOptions {
    std::vector<std::string> dirs;
    int port = 8080;
    std::string host = "127.0.0.1";
    int threads = 8;
};

// The tables served, by variant name.
using Served = std::map<std::string, std::unique_ptr<probe::Tablebase>>;

nlohmann::ordered_json error_json(const std::string& code, const std::string& message) {
    return {{"error", {{"code", code}, {"message", message}}}};
}

void reply(httplib::Response& res, int status, const nlohmann::ordered_json& j) {
    res.status = status;
    res.set_content(j.dump(2) + "\n", "application/json");
}

// Per variant served: what dtb variants --json says of it, the counters of the tables' counter
// set, the most pieces its tables hold, and the board the page draws.
nlohmann::ordered_json variants_json(const Served& served) {
    auto list = nlohmann::ordered_json::array();
    for (const auto& [name, tb] : served) {
        auto counters = nlohmann::ordered_json::array();
        for (int i = 0; i < dtb_counter_count(tb->c_handle()); ++i)
            counters.push_back(dtb_counter_name(tb->c_handle(), i));
        const auto info = find_variant(name);
        const bool white_first = dispatch(
            tb->variant_id(), [](auto v) { return decltype(v)::first_player == Color::white; });
        list.push_back({{"name", name},
                        {"start", info ? info->start : ""},
                        {"first_to_move", white_first ? "white" : "black"},
                        {"counter_set", dtb_counter_set(tb->c_handle())},
                        {"counters", counters},
                        {"largest", tb->largest()},
                        {"board", board_layout(tb->variant_id())}});
    }
    return list;
}

// Runs `answer` on the tables of the request's variant, replying with its JSON or with the
// error: 400 for bad input and for a position outside the tables, 500 for a broken table.
template <class Answer>
void answer_request(const Served& served, const httplib::Request& req, httplib::Response& res,
                    const char* parameters, Answer answer) {
    for (const char* required : {"variant", "fen"})
        if (!req.has_param(required))
            return reply(res, 400,
                         error_json("bad_input", std::string("missing parameter '") + required +
                                                     "' (" + parameters + ")"));
    const auto it = served.find(req.get_param_value("variant"));
    if (it == served.end())
        return reply(res, 400,
                     error_json("variant", "no tables of '" + req.get_param_value("variant") +
                                               "' are served (GET /api/variants)"));
    const probe::CounterInput counters{req.get_param_value("moves"),
                                       req.get_param_value("counters")};
    try {
        reply(res, 200,
              answered([&] { return answer(*it->second, req.get_param_value("fen"), counters); }));
    } catch (const CommandError& e) {
        const bool bad_input = e.exit_code() == kExitBadInput || e.code() == "not_available";
        reply(res, bad_input ? 400 : 500, error_json(e.code(), e.what()));
    } catch (const NotationError& e) {
        reply(res, 400, error_json("fen", e.what()));
    } catch (const std::exception& e) {
        reply(res, 500, error_json("error", e.what()));
    }
}

// GET /api/probe?variant=V&fen=F[&counters=NAME=PLIES,...][&moves=...]: dtb probe --json.
void probe_request(const Served& served, const httplib::Request& req, httplib::Response& res) {
    answer_request(
        served, req, res, "variant, fen; counters, moves",
        [](const probe::Tablebase& tb, const std::string& fen, const probe::CounterInput& o) {
            return probe_json(probe::answer_position(tb, fen, o));
        });
}

// GET /api/line?variant=V&fen=F[&counters=...][&moves=...][&pure=1]: dtb best --json.
void line_request(const Served& served, const httplib::Request& req, httplib::Response& res) {
    const std::string pure = req.get_param_value("pure");
    if (!pure.empty() && pure != "0" && pure != "1")
        return reply(res, 400, error_json("bad_input", "pure is 0 or 1, not '" + pure + "'"));
    answer_request(
        served, req, res, "variant, fen; counters, moves, pure",
        [&](const probe::Tablebase& tb, const std::string& fen, const probe::CounterInput& o) {
            return line_json(probe::answer_line(tb, fen, o, pure == "1"));
        });
}

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
    server.Get("/api/variants", [&](const httplib::Request&, httplib::Response& res) {
        reply(res, 200, variants_json(served));
    });
    server.Get("/api/probe", [&](const httplib::Request& req, httplib::Response& res) {
        probe_request(served, req, res);
    });
    server.Get("/api/line", [&](const httplib::Request& req, httplib::Response& res) {
        line_request(served, req, res);
    });
    server.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
        if (res.body.empty())  // httplib's own errors (no route, bad request line) as JSON
            reply(res, res.status,
                  error_json(res.status == 404 ? "not_found" : "http",
                             res.status == 404 ? "no such resource: " + req.path
                                               : "HTTP status " + std::to_string(res.status)));
    });
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
