#include "serve_api.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "annotate_report.hpp"
#include "answer_format.hpp"
#include "board_layout.hpp"
#include "dtb/pdn/read.hpp"
#include "probe_cli.hpp"

namespace dtb::cli {

namespace {

// After each answer: the distance search's memory goes back to the system, which glibc would
// otherwise keep per server thread, the server's memory climbing to threads x the largest search.
void return_freed_memory() {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

nlohmann::ordered_json error_json(const std::string& code, const std::string& message) {
    return {{"error", {{"code", code}, {"message", message}}}};
}

// Text a request brought into the answer (a path, a parameter, a game's tags) need not be UTF-8:
// such bytes are written as U+FFFD. (Thrown at, from the error handler, they ended dtb serve.)
void reply(httplib::Response& res, int status, const nlohmann::ordered_json& j) {
    res.status = status;
    res.set_content(j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n",
                    "application/json");
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

// The tables of the request's variant once its `required` parameters are there; nullptr with
// the reply made (400) when one is missing or the variant is not served.
const probe::Tablebase* requested_tables(const Served& served, const httplib::Request& req,
                                         httplib::Response& res,
                                         std::initializer_list<const char*> required,
                                         const char* parameters) {
    for (const char* name : required)
        if (!req.has_param(name)) {
            reply(res, 400,
                  error_json("bad_input",
                             std::string("missing parameter '") + name + "' (" + parameters + ")"));
            return nullptr;
        }
    const auto it = served.find(req.get_param_value("variant"));
    if (it != served.end()) return it->second.get();
    reply(res, 400,
          error_json("variant", "no tables of '" + req.get_param_value("variant") +
                                    "' are served (GET /api/variants)"));
    return nullptr;
}

// Runs `answer` on the tables of the request's variant, replying with its JSON or with the
// error: 400 for bad input and for a position outside the tables, 500 for a broken table.
template <class Answer>
void answer_request(const Served& served, const httplib::Request& req, httplib::Response& res,
                    const char* parameters, Answer answer) {
    const probe::Tablebase* tb = requested_tables(served, req, res, {"variant", "fen"}, parameters);
    if (!tb) return;
    const probe::CounterInput counters{req.get_param_value("moves"),
                                       req.get_param_value("counters")};
    try {
        reply(res, 200,
              answered([&] { return answer(*tb, req.get_param_value("fen"), counters); }));
    } catch (const CommandError& e) {
        const bool bad_input = e.exit_code() == kExitBadInput || e.code() == "not_available";
        reply(res, bad_input ? 400 : 500, error_json(e.code(), e.what()));
    } catch (const NotationError& e) {
        reply(res, 400, error_json("fen", e.what()));
    } catch (const std::exception& e) {
        reply(res, 500, error_json("error", e.what()));
    }
    return_freed_memory();
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

// The largest body POST /api/annotate reads: three times the largest PDN file of the real
// collections (docs/cli.md).
constexpr std::size_t kAnnotateBodyLimit = std::size_t(1) << 20;

std::string too_large_message() {
    return "the body is larger than the limit of " + std::to_string(kAnnotateBodyLimit) +
           " bytes (1 MiB): send fewer games";
}

// What POST /api/annotate answers for the PDN text `body`: 200 with every game read and
// checked as dtb annotate --json does, each with its moves to step through; 400 or 413 with
// the reason when the body is empty, over the limit or holds no game that can be read. The
// variant of a game is its GameType, else tb's; a game of another variant is its own error.
std::pair<int, nlohmann::ordered_json> annotate_answer(const probe::Tablebase& tb,
                                                       std::string_view body, pdn::Under under) {
    if (body.size() > kAnnotateBodyLimit)
        return {413, error_json("too_large", too_large_message())};
    if (body.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return {400, error_json("pdn", "the body is empty: send PDN text, one game or more")};
    const std::vector<pdn::Game> games = pdn::read_games(body);
    auto list = nlohmann::ordered_json::array();
    bool read = false;  // a game with tags or a move played: PDN, not other text
    std::string why = games.empty() ? "no game in the text" : "no moves";  // else why not
    const pdn::Summary summary = annotate_games(
        tb, games, under, std::nullopt,
        [&](const pdn::Game& g, const pdn::GameAnnotation& a, const pdn::Summary& so_far) {
            list.push_back(stepped_game_json(g, a));
            read = read || !g.tags.empty() || (a.replay && !a.replay->plies.empty());
            if (so_far.games == 1 && !a.error.empty()) why = a.error;
        });
    if (!read) return {400, error_json("pdn", "no PDN game could be read: " + why)};
    return {200, annotated_file_json(tb, "", under, std::move(list), summary)};
}

// POST /api/annotate?variant=V[&under=pure|counters], the body PDN text.
void annotate_request(const Served& served, const httplib::Request& req, httplib::Response& res) {
    const probe::Tablebase* tb =
        requested_tables(served, req, res, {"variant"}, "variant; under; the body: PDN text");
    if (!tb) return;
    const std::string under = req.has_param("under") ? req.get_param_value("under") : "counters";
    if (under != "pure" && under != "counters")
        return reply(res, 400,
                     error_json("bad_input", "under is pure or counters, not '" + under + "'"));
    try {
        const auto [status, answer] = annotate_answer(
            *tb, req.body, under == "pure" ? pdn::Under::pure : pdn::Under::counters);
        reply(res, status, answer);
    } catch (const std::exception& e) {
        reply(res, 500, error_json("error", e.what()));
    }
    return_freed_memory();
}

}  // namespace

void add_api(httplib::Server& server, const Served& served) {
    server.Get("/api/variants", [&](const httplib::Request&, httplib::Response& res) {
        reply(res, 200, variants_json(served));
    });
    server.Get("/api/probe", [&](const httplib::Request& req, httplib::Response& res) {
        probe_request(served, req, res);
    });
    server.Get("/api/line", [&](const httplib::Request& req, httplib::Response& res) {
        line_request(served, req, res);
    });
    server.Post("/api/annotate", [&](const httplib::Request& req, httplib::Response& res) {
        annotate_request(served, req, res);
    });
    server.set_payload_max_length(kAnnotateBodyLimit);
    server.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
        if (!res.body.empty()) return;
        // httplib's own errors (no route, a body over the limit, a bad request line) as JSON
        if (res.status == 404)
            reply(res, 404, error_json("not_found", "no such resource: " + req.path));
        else if (res.status == 413 && req.get_header_value("Content-Type")
                                          .starts_with("application/x-www-form-urlencoded"))
            reply(res, 413,
                  error_json("too_large",
                             "a form-encoded body is limited to 8192 bytes: send the "
                             "PDN as Content-Type: text/plain"));
        else if (res.status == 413)
            reply(res, 413, error_json("too_large", too_large_message()));
        else
            reply(res, res.status, error_json("http", "HTTP status " + std::to_string(res.status)));
    });
}

}  // namespace dtb::cli
