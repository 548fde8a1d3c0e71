#include "engine/core/dice/probability_text.hpp"

namespace umpire::dice {

std::string fraction_text(const Probability& p) {
  const Count num = boost::multiprecision::numerator(p);
  const Count den = boost::multiprecision::denominator(p);
  if (den == 1) return num.str();
  return num.str() + "/" + den.str();
}

std::string decimal_text(const Probability& p, unsigned decimals) {
  Count num = boost::multiprecision::numerator(p);
  const Count den = boost::multiprecision::denominator(p);
  const bool negative = num < 0;
  if (negative) num = -num;
  Count scale = 1;
  for (unsigned i = 0; i < decimals; ++i) scale *= 10;
  const Count scaled = num * scale;
  Count q = scaled / den;
  if (2 * (scaled % den) >= den) q += 1;
  std::string digits = q.str();
  if (digits.size() <= decimals) digits.insert(0, decimals + 1 - digits.size(), '0');
  std::string out = negative && q != 0 ? "-" : "";
  out += digits.substr(0, digits.size() - decimals);
  if (decimals > 0) out += "." + digits.substr(digits.size() - decimals);
  return out;
}

std::string percent_text(const Probability& p, unsigned decimals) {
  return decimal_text(p * 100, decimals);
}

}  // namespace umpire::dice
