// dtb serve's JSON API over the tables served, as handlers of an httplib::Server: the requests
// it answers and the errors it gives. serve_command.cpp listens with them; the HTTP fuzz target
// (tests/fuzz/http_fuzz.cpp) hands them requests without a socket.
#pragma once

#include <httplib.h>

#include <map>
#include <memory>
#include <string>

#include "dtb/probe.hpp"

namespace dtb::cli {

// The tables served, by variant name.
using Served = std::map<std::string, std::unique_ptr<probe::Tablebase>>;

// Registers on server, over `served` (which must outlive it), GET /api/variants, /api/probe,
// /api/line and POST /api/annotate, the body limit of POST /api/annotate, and the error handler
// that answers httplib's own errors (no route, a body over the limit, a bad request) as JSON.
void add_api(httplib::Server& server, const Served& served);

}  // namespace dtb::cli
