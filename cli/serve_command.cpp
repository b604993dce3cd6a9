// dtb serve: the analysis board's HTTP server, a JSON API over the probing library (the page
// comes with it: docs/serve.md). One table directory per variant; requests are served by a
// pool of threads over one probing handle each.
#include <httplib.h>

#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "probe_answer.hpp"

namespace dtb::cli {

namespace {

struct ServeOptions {
    std::vector<std::string> dirs;
    int port = 8080;
    std::string host = "127.0.0.1";
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

nlohmann::ordered_json variants_json(const Served& served) {
    auto list = nlohmann::ordered_json::array();
    for (const auto& [name, tb] : served) {
        auto counters = nlohmann::ordered_json::array();
        for (int i = 0; i < dtb_counter_count(tb->c_handle()); ++i)
            counters.push_back(dtb_counter_name(tb->c_handle(), i));
        list.push_back({{"name", name},
                        {"rule_set", dtb_rule_set(tb->c_handle())},
                        {"counters", counters},
                        {"largest", tb->largest()}});
    }
    return list;
}

// GET /api/probe?variant=V&fen=F[&counters=NAME=PLIES,...][&moves=...]: dtb probe --json.
void probe_request(const Served& served, const httplib::Request& req, httplib::Response& res) {
    for (const char* required : {"variant", "fen"})
        if (!req.has_param(required))
            return reply(res, 400,
                         error_json("bad_input", std::string("missing parameter '") + required +
                                                     "' (variant, fen; counters, moves)"));
    const auto it = served.find(req.get_param_value("variant"));
    if (it == served.end())
        return reply(res, 400,
                     error_json("variant", "no tables of '" + req.get_param_value("variant") +
                                               "' are served (GET /api/variants)"));
    CounterOptions counters;
    counters.counters = req.get_param_value("counters");
    counters.moves = req.get_param_value("moves");
    const std::string fen = req.get_param_value("fen");
    try {
        const probe::Tablebase& tb = *it->second;
        reply(res, 200, dispatch(tb.variant_id(), [&](auto v) {
                  return probe_json(probe_answer<decltype(v)>(tb, fen, counters));
              }));
    } catch (const CommandError& e) {
        const int status = e.exit_code() == kExitBadInput ? 400
                           : e.code() == "not_available"  ? 404
                                                          : 500;
        reply(res, status, error_json(e.code(), e.what()));
    } catch (const NotationError& e) {
        reply(res, 400, error_json("fen", e.what()));
    } catch (const std::exception& e) {
        reply(res, 500, error_json("error", e.what()));
    }
}

void run(const ServeOptions& o) {
    Served served;
    for (const std::string& dir : o.dirs) {
        auto tb = std::make_unique<probe::Tablebase>(open_tables(dir));
        const std::string name(tb->variant());
        if (served.count(name))
            throw UsageError("directory", dir + ": a second directory of " + name +
                                              " tables (one per variant; a search path "
                                              "DIR1:DIR2 joins several)");
        served[name] = std::move(tb);
    }
    httplib::Server server;
    server.Get("/api/variants", [&](const httplib::Request&, httplib::Response& res) {
        reply(res, 200, variants_json(served));
    });
    server.Get("/api/probe", [&](const httplib::Request& req, httplib::Response& res) {
        probe_request(served, req, res);
    });
    server.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
        if (res.status == 404 && res.body.empty())  // no route, not a position outside
            reply(res, 404, error_json("not_found", "no such resource: " + req.path));
    });
    if (!server.bind_to_port(o.host, o.port))
        throw CommandError(kExitFailure, "io",
                           "cannot listen on " + o.host + ":" + std::to_string(o.port));
    std::cerr << "dtb serve: http://" << o.host << ":" << o.port << "/ (" << served.size()
              << " variant" << (served.size() == 1 ? "" : "s") << ")\n";
    server.listen_after_bind();
}

}  // namespace

void add_serve_command(CLI::App& app) {
    auto o = std::make_shared<ServeOptions>();
    auto* cmd = app.add_subcommand("serve", "An HTTP server: a JSON API over the tables");
    cmd->footer(
        "Serves the tables of each DIR (one variant each) over HTTP:\n"
        "  GET /api/variants                        the variants served\n"
        "  GET /api/probe?variant=V&fen=F[&counters=NAME=PLIES,...][&moves=...]\n"
        "                                           the JSON of dtb probe --json\n"
        "Bad input gets status 400 with {\"error\": {\"code\", \"message\"}}; a position\n"
        "outside the tables 404.\n"
        "Examples:\n"
        "  dtb serve tables/russian tables/international --port 8080\n"
        "  curl 'http://127.0.0.1:8080/api/probe?variant=russian&fen=W:WKa1,Kc3:Bh8'");
    cmd->add_option("dirs", o->dirs, "Table directories (DIR, or a search path DIR1:DIR2)")
        ->required();
    cmd->add_option("--port", o->port, "TCP port (default 8080)")->check(CLI::Range(1, 65535));
    cmd->add_option("--host", o->host, "Address to listen on (default 127.0.0.1: this machine)");
    cmd->callback([o] { run(*o); });
}

}  // namespace dtb::cli
