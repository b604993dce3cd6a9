// A variant the generator cannot solve yet; the message says why.
#pragma once

#include <stdexcept>

namespace dtb::gen {

class Unsupported : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

}  // namespace dtb::gen
