// Lowering: references, profiles, dice attached to their events, outcomes.
#include "engine/events/lower.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "engine/events/events_json.hpp"
#include "grammar/log/diagnostics.hpp"
#include "grammar/log/parser.hpp"

namespace umpire::events {
namespace {

class FakeCatalogue : public ProfileCatalogue {
 public:
  bool has_profile(std::string_view id) const override {
    return id == "line_infantry" || id == "heavy_cavalry";
  }
  std::vector<std::string> known_profiles() const override {
    return {"line_infantry", "heavy_cavalry"};
  }
};

constexpr const char* header =
    "ulog 1\nruleset sabreur-hex\n"
    "data \"corpus/rulesets/sabreur-hex.rules\" sha256 "
    "\"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\"\n"
    "side french \"F\"\nside austrians \"A\"\ndice recorded\nmap hex 12x10\n"
    "army french\n  unit f1 \"Line\" profile line_infantry strength 18\n"
    "  unit f2 \"Horse\" profile heavy_cavalry strength 10\n"
    "army austrians\n  unit a1 \"Line\" profile line_infantry strength 18\n"
    "deploy f1 at 5,2 facing n\ndeploy a1 at 5,8 facing s\n";

struct Lowered {
  SourceManager sources;
  DiagnosticEngine diags{0};
  Battle battle;
};

std::unique_ptr<Lowered> lower_text(const std::string& text, const ProfileCatalogue* catalogue) {
  auto l = std::make_unique<Lowered>();
  const FileId file = l->sources.add("test.ulog", text);
  const log::ast::Log ast = log::parse_log(l->sources, file, l->diags);
  EXPECT_FALSE(l->diags.has_errors());
  l->battle = lower(ast, {catalogue}, l->diags);
  return l;
}

std::vector<std::string> ids(const DiagnosticEngine& diags) {
  std::vector<std::string> out;
  for (const Diagnostic& d : diags.diagnostics()) out.push_back(d.id);
  return out;
}

// `tolerance 0.5"` (docs/log-format.md § Measuring tolerance): a length in
// inches, centimetres or millimetres, or a bare number of inches; the
// default when the log writes none.
TEST(Lower, AToleranceIsALengthInInchesWithItsDefault) {
  const std::string tabletop =
      "ulog 1\nruleset hail-caesar\nside a \"A\"\nside b \"B\"\ndice recorded\n";
  const std::string armies =
      "table 72x48\narmy a\n  unit a1 stats (clash 7)\narmy b\n  unit b1 stats (clash 7)\n";
  for (const auto& [written, inches] :
       std::vector<std::pair<std::string, double>>{{"0.5\"", 0.5},
                                                   {"1in", 1.0},
                                                   {"2.54cm", 1.0},
                                                   {"12.7mm", 0.5},
                                                   {"0", 0.0},
                                                   {"2\"", 2.0},
                                                   {"0.25", 0.25}}) {
    SCOPED_TRACE(written);
    auto l = lower_text(tabletop + "tolerance " + written + "\n" + armies, nullptr);
    ASSERT_TRUE(l->battle.header.tolerance.has_value());
    EXPECT_NEAR(*l->battle.header.tolerance, inches, 1e-9);
    EXPECT_NEAR(l->battle.header.measuring_tolerance(), inches, 1e-9);
    EXPECT_TRUE(l->battle.header.tolerance_span.valid());
    EXPECT_FALSE(l->diags.has_errors());
  }
  auto none = lower_text(tabletop + armies, nullptr);
  EXPECT_FALSE(none->battle.header.tolerance.has_value());
  EXPECT_DOUBLE_EQ(none->battle.header.measuring_tolerance(), 0.5);
  // Beyond a tape's error, or negative: refused at the length, with a hint.
  for (const char* bad : {"1000\"", "-0.5\"", "2.1in", "-1"}) {
    SCOPED_TRACE(bad);
    auto l = lower_text(tabletop + "tolerance " + bad + "\n" + armies, nullptr);
    ASSERT_EQ(l->diags.count(Severity::error), 1u);
    const Diagnostic& d =
        *std::find_if(l->diags.diagnostics().begin(), l->diags.diagnostics().end(),
                      [](const Diagnostic& x) { return x.severity == Severity::error; });
    EXPECT_EQ(d.id, "log.header.bad-tolerance");
    EXPECT_FALSE(l->battle.header.tolerance.has_value());
    EXPECT_FALSE(d.hint.empty());
    EXPECT_EQ(d.span.begin, (tabletop + "tolerance ").size());
  }
}

TEST(Lower, ResolvesUnitsAndAttachesDice) {
  FakeCatalogue catalogue;
  const auto l =
      lower_text(std::string(header) +
                     "turn 1 french\n  phase orders\n    order-points d3+1=5 => points 4\n"
                     "  phase actions\n    shoot f1 a1 range 3 hit 6d6=5,6,1,2,3,4 => hits 2\n"
                     "    save a1 2d6=4,5 => saves 2\n",
                 &catalogue);
  EXPECT_TRUE(l->diags.diagnostics().empty()) << ids(l->diags).front();
  ASSERT_EQ(l->battle.events().size(), 3u);
  const Event points = l->battle.event(0);
  EXPECT_EQ(points.kind(), EventKind::order_points);
  EXPECT_EQ(points.phase(), "orders");
  ASSERT_EQ(points.dice().size(), 1u);
  ASSERT_TRUE(points.dice()[0].checked);
  EXPECT_EQ(points.dice()[0].total, 4) << "a d3 thrown as a 5 is a 3, plus 1";
  const auto d3 = l->battle.roll(points.dice()[0]);
  ASSERT_TRUE(d3);
  EXPECT_EQ(d3->total, 4) << "evaluated again from the stored throws";
  ASSERT_EQ(d3->dice.size(), 1u);
  EXPECT_EQ(d3->dice[0].faces.face(), 5);
  EXPECT_EQ(points.stated().points(), 4);
  const Event shot = l->battle.event(1);
  EXPECT_EQ(shot.kind(), EventKind::shoot);
  ASSERT_EQ(shot.actors().size(), 1u);
  ASSERT_EQ(shot.targets().size(), 1u);
  EXPECT_EQ(l->battle.name_of(shot.actors()[0]), "f1");
  EXPECT_EQ(l->battle.name_of(shot.targets()[0]), "a1");
  EXPECT_EQ(l->sources.text(shot.targets()[0].span), "a1");
  EXPECT_EQ(shot.range(), 3.0);
  ASSERT_EQ(shot.dice().size(), 1u);
  EXPECT_EQ(l->battle.text(shot.dice()[0].label), "hit");
  EXPECT_EQ(shot.dice()[0].total, 21);
  EXPECT_EQ(l->battle.throws(shot.dice()[0]).size(), 6u);
  EXPECT_EQ(shot.stated().hits(), 2);
  EXPECT_FALSE(shot.stated().saves());
  EXPECT_FALSE(shot.modifier());
  const Event save = l->battle.event(2);
  const auto expr = l->battle.expr(save.dice()[0]);
  ASSERT_TRUE(expr);
  EXPECT_EQ(l->sources.text(expr->span), "2d6") << "the shared notation, at this roll's place";
}

TEST(Lower, EventFieldsKeepTheLastClauseAndEveryPathHex) {
  FakeCatalogue catalogue;
  const auto l =
      lower_text(std::string(header) +
                     "turn 1 french\n  phase actions\n"
                     "    move f1 frontal path 5,3 5,4 facing ne mod -1 by order\n"
                     "    test f1 morale 2d6=3,4 mod +1 => fail state shaken disordered\n",
                 &catalogue);
  ASSERT_EQ(l->battle.events().size(), 2u);
  const Event move = l->battle.event(0);
  EXPECT_EQ(move.detail(), "frontal");
  ASSERT_EQ(move.path().size(), 2u);
  EXPECT_EQ(move.path()[1].hex, (Hex{5, 4}));
  ASSERT_TRUE(move.facing());
  EXPECT_EQ(move.facing()->hex, HexFacing::ne);
  EXPECT_EQ(move.modifier(), -1);
  EXPECT_EQ(move.means(), "order");
  EXPECT_TRUE(move.stated().empty());
  const Event test = l->battle.event(1);
  EXPECT_EQ(test.modifier(), 1);
  EXPECT_EQ(test.stated().passed(), false);
  ASSERT_EQ(test.stated().states().size(), 2u);
  EXPECT_EQ(l->battle.text(test.stated().states()[1]), "disordered");
  EXPECT_EQ(l->sources.text(test.stated().span()), "=> fail state shaken disordered");
}

TEST(Lower, OffTableDestinationsAreLocationsOffTheMap) {
  FakeCatalogue catalogue;
  const auto l = lower_text(std::string(header) +
                                "turn 1 french\n  phase actions\n"
                                "    flee f1 d6+2=4 path 5,1 to off-table south => distance 6\n"
                                "    move f2 march to off-table\n"
                                "    respond a1 flee to off-table north => to off-table north\n"
                                "    move f1 to 5,3\n",
                            &catalogue);
  EXPECT_TRUE(l->diags.diagnostics().empty()) << ids(l->diags).front();
  ASSERT_EQ(l->battle.events().size(), 4u);
  const auto flight = l->battle.event(0).to();
  ASSERT_TRUE(flight);
  EXPECT_TRUE(flight->off_table());
  EXPECT_FALSE(flight->is_hex) << "no hex of the map";
  EXPECT_EQ(flight->edge, Edge::south);
  EXPECT_EQ(l->sources.text(flight->span), "off-table south");
  ASSERT_EQ(l->battle.event(0).path().size(), 1u) << "the path stays on the map";
  const auto march = l->battle.event(1).to();
  ASSERT_TRUE(march);
  EXPECT_TRUE(march->off_table());
  EXPECT_EQ(march->edge, Edge::none) << "no edge written";
  const Event response = l->battle.event(2);
  EXPECT_TRUE(response.targets().empty()) << "'off-table' is no unit";
  ASSERT_TRUE(response.to());
  EXPECT_EQ(response.to()->edge, Edge::north);
  ASSERT_TRUE(response.stated().to());
  EXPECT_TRUE(response.stated().to()->off_table());
  EXPECT_EQ(response.stated().to()->edge, Edge::north);
  const auto hex = l->battle.event(3).to();
  ASSERT_TRUE(hex);
  EXPECT_FALSE(hex->off_table());
  EXPECT_TRUE(hex->is_hex);
  // An ordinary hex off the map is still an error.
  const auto off = lower_text(
      std::string(header) + "turn 1 french\n  phase actions\n    move f1 to 13,2\n", &catalogue);
  EXPECT_EQ(ids(off->diags), std::vector<std::string>{"log.hex.off-map"});
  // JSON names the edge.
  std::ostringstream json_text;
  write_battle_json(json_text, l->sources, l->battle, 2, 0);
  const auto j = nlohmann::json::parse(json_text.str());
  EXPECT_EQ(j["events"][0]["to"], (nlohmann::json{{"off_table", true}, {"edge", "south"}}));
  EXPECT_EQ(j["events"][1]["to"], (nlohmann::json{{"off_table", true}}));
}

// `from <hex>` on a fire is where it is made from (a Sabreur-hex extended
// line's half); `from <unit>` on a flight stays the units fled from.
TEST(Lower, FromAHexIsWhereAFireIsMadeFrom) {
  FakeCatalogue catalogue;
  const auto l = lower_text(std::string(header) +
                                "turn 1 french\n  phase actions\n"
                                "    shoot f1 a1 range 3 from 5,2 hit 6d6=5,6,1,2,3,4 => hits 2\n"
                                "    respond f1 defensive-fire from 5,2\n"
                                "    flee f1 d6=3 from a1\n",
                            &catalogue);
  EXPECT_TRUE(l->diags.diagnostics().empty()) << ids(l->diags).front();
  ASSERT_EQ(l->battle.events().size(), 3u);
  const Event fire = l->battle.event(0);
  ASSERT_TRUE(fire.from());
  EXPECT_EQ(fire.from()->hex, (Hex{5, 2}));
  EXPECT_EQ(l->sources.text(fire.from()->span), "5,2");
  EXPECT_EQ(fire.targets().size(), 1u) << "a hex is no target";
  ASSERT_TRUE(l->battle.event(1).from());
  const Event flight = l->battle.event(2);
  EXPECT_FALSE(flight.from());
  EXPECT_EQ(flight.targets().size(), 1u);
  std::ostringstream json_text;
  write_battle_json(json_text, l->sources, l->battle, 2, 0);
  const auto j = nlohmann::json::parse(json_text.str());
  EXPECT_TRUE(j["events"][0].contains("from"));
  EXPECT_FALSE(j["events"][2].contains("from"));
}

// Plain rolls are totalled by lowering without the dice library's Roll;
// the total must be what the library evaluates from the same throws.
TEST(Lower, PlainRollTotalsAreThoseOfTheDiceLibrary) {
  FakeCatalogue catalogue;
  const auto l = lower_text(std::string(header) +
                                "turn 1 french\n  phase actions\n"
                                "    test f1 morale 2d6=3,5\n"
                                "    test f1 morale d3+1=5\n"
                                "    test f1 morale 2d6-1=6,6\n"
                                "    test f1 morale 2d6+2=1,1\n"
                                "    test f1 morale d6-1=1\n"
                                "    test f1 morale 3d6kl2=6,2,3\n"
                                "    test f1 morale d6r1=1r4\n"
                                "    test f1 morale 2d3=6,1\n",
                            &catalogue);
  EXPECT_TRUE(l->diags.diagnostics().empty()) << ids(l->diags).front();
  const std::vector<std::int64_t> expected{8, 4, 11, 4, 0, 5, 4, 4};
  ASSERT_EQ(l->battle.events().size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const DiceRoll r = l->battle.event(i).dice()[0];
    ASSERT_TRUE(r.checked) << i;
    EXPECT_EQ(r.total, expected[i]) << i;
    const auto again = l->battle.roll(r);
    ASSERT_TRUE(again) << i;
    EXPECT_EQ(again->total, r.total) << i;
  }
  // A face off its die still gets the dice library's diagnostic.
  const auto bad = lower_text(
      std::string(header) + "turn 1 french\n  phase actions\n    test f1 morale 2d6=3,7\n",
      &catalogue);
  EXPECT_EQ(ids(bad->diags), std::vector<std::string>{"dice.recorded.face-out-of-range"});
}

TEST(Lower, ProfilesAreCheckedAgainstTheCatalogue) {
  FakeCatalogue catalogue;
  std::string text = header;
  text.insert(text.find("army austrians"), "  unit f3 \"Oops\" profile line_infantri\n");
  const auto l = lower_text(text, &catalogue);
  ASSERT_EQ(ids(l->diags), (std::vector<std::string>{"log.profile.unknown"}));
  EXPECT_EQ(l->diags.diagnostics()[0].hint, "did you mean 'line_infantry'?");
}

TEST(Lower, WithoutACatalogueProfilesAreNotCheckedOnce) {
  const auto l = lower_text(header, nullptr);
  ASSERT_EQ(ids(l->diags), (std::vector<std::string>{"log.profile.not-checked"}));
  EXPECT_EQ(l->diags.count(Severity::not_checked), 1u);
}

TEST(Lower, UnknownUnitsGetSuggestions) {
  FakeCatalogue catalogue;
  const auto l = lower_text(
      std::string(header) + "turn 1 french\n  phase actions\n    move f11 frontal to 5,3\n",
      &catalogue);
  ASSERT_EQ(ids(l->diags), (std::vector<std::string>{"log.unit.unknown"}));
  EXPECT_EQ(l->diags.diagnostics()[0].hint, "did you mean 'f1'?");
}

TEST(Lower, WrongDiceAreReportedAtTheFaces) {
  FakeCatalogue catalogue;
  const std::string text =
      std::string(header) + "turn 1 french\n  phase actions\n    test f1 morale 2d6=3,4,5\n";
  const auto l = lower_text(text, &catalogue);
  ASSERT_EQ(ids(l->diags), (std::vector<std::string>{"dice.recorded.count"}));
  EXPECT_EQ(l->sources.text(l->diags.diagnostics()[0].span), "3,4,5");
}

TEST(Lower, TurnsMustComeInOrder) {
  FakeCatalogue catalogue;
  const auto l = lower_text(
      std::string(header) + "turn 1 french\nturn 1 austrians\nturn 3 french\n", &catalogue);
  ASSERT_EQ(ids(l->diags), (std::vector<std::string>{"log.turn.out-of-order"}));
}

TEST(Lower, AgreedRulingsAreMarked) {
  FakeCatalogue catalogue;
  const auto l = lower_text(
      std::string(header) +
          "turn 1 french\n  phase actions\n    move f1 frontal to 5,3 agreed \"generous\"\n",
      &catalogue);
  ASSERT_EQ(l->battle.events().size(), 1u);
  EXPECT_TRUE(l->battle.event(0).agreed());
  EXPECT_EQ(l->battle.event(0).agreed_note(), "generous");
  EXPECT_EQ(ids(l->diags), (std::vector<std::string>{"log.ruling.agreed"}));
}

// The stored forms are small (docs/performance.md); what does not fit
// inline goes to the wide values and comes back the same.
TEST(Lower, CompactStoredFormsKeepEveryValue) {
  Battle b;
  EventStore& store = b.store;
  store.records.push_back({});
  store.records.back().first_field = 0;
  const Symbol word = store.symbols.intern("frontal");
  store.fields.push_back(store.integer_field(Field::modifier, -3));
  store.fields.push_back(store.integer_field(Field::cost, 5'000'000'000));
  store.fields.push_back(store.integer_field(Field::against, INT32_MIN));
  store.fields.push_back(store.number_field(Field::range, 3.0));
  store.fields.push_back(store.number_field(Field::distance, 7.5));
  store.fields.push_back(store.number_field(Field::stated_distance, -0.0));
  store.fields.push_back(store.symbol_field(Field::means, word));
  store.symbol_lists.assign(70'000, word);
  store.fields.push_back(store.range_field(Field::states, 0, 70'000));
  store.fields.push_back(store.range_field(Field::stated_states, 2, 3));
  const Event e = b.event(0);
  EXPECT_EQ(e.modifier(), -3);
  EXPECT_EQ(e.cost(), 5'000'000'000);
  EXPECT_EQ(e.against(), INT32_MIN);
  EXPECT_EQ(e.range(), 3.0);
  EXPECT_EQ(e.distance(), 7.5);
  ASSERT_TRUE(e.stated().distance());
  EXPECT_TRUE(std::signbit(*e.stated().distance()));
  EXPECT_EQ(e.means(), "frontal");
  EXPECT_EQ(e.states().size(), 70'000u);
  EXPECT_EQ(e.stated().states().size(), 3u);
  EXPECT_EQ(store.wide_values.size(), 4u);  // 5e9, 7.5, -0.0 and the long list; the rest inline
  DiceRoll roll;
  roll.span = {store.file, 100, 520};
  roll.notation_begin = 400;  // 300 bytes after the roll's start: beyond the inline offset
  roll.total = -7'000'000'000;
  roll.checked = true;
  roll.first_throw = 12;
  roll.throw_count = 65'535;
  const DiceRoll back = decode(b, store.encode(roll));
  EXPECT_EQ(back.notation_begin, 400u);
  EXPECT_EQ(back.total, -7'000'000'000);
  EXPECT_TRUE(back.checked);
  EXPECT_EQ(back.span.begin, 100u);
  EXPECT_EQ(back.throw_count, 65'535u);
  roll.notation_begin = 104;
  roll.total = 12;
  roll.checked = false;
  const DiceRoll inline_roll = decode(b, store.encode(roll));
  EXPECT_EQ(inline_roll.notation_begin, 104u);
  EXPECT_EQ(inline_roll.total, 12);
  EXPECT_FALSE(inline_roll.checked);
}

// A statement names at most 65,535 units (a record's counts are 16 bits).
TEST(Lower, ALogWithoutARulesetIsRefusedNotReadAsHailCaesar) {
  // Read as Hail Caesar, its Sabreur-hex phases would each be an "unknown
  // phase 'orders' in hail-caesar", one error per turn.
  std::string text = header;
  text.erase(text.find("ruleset sabreur-hex\n"), std::string_view("ruleset sabreur-hex\n").size());
  text +=
      "turn 1 french\n  phase orders\n  phase actions\n    move f1 frontal path 5,3\nturn 1 "
      "austrians\n"
      "  phase orders\n";
  FakeCatalogue catalogue;
  const auto l = lower_text(text, &catalogue);
  EXPECT_EQ(ids(l->diags), (std::vector<std::string>{"log.header.missing"}));
  EXPECT_NE(l->diags.diagnostics()[0].message.find("'ruleset'"), std::string::npos);
  EXPECT_EQ(l->battle.header.ruleset, Ruleset::none);
  EXPECT_EQ(to_string(l->battle.header.ruleset), "");
}

TEST(Lower, TooManyUnitsInOneStatementIsAnError) {
  std::string line = "    activate";
  for (int i = 0; i < 65'536; ++i) line += " f1";
  const std::string text = std::string(header) + "turn 1 french\n  phase actions\n" + line + "\n";
  SourceManager sources;
  const FileId file = sources.add("test.ulog", text);
  DiagnosticEngine diags(0);
  const auto battle = parse_and_lower(sources.text(file), file, {}, diags);
  ASSERT_TRUE(battle);
  const auto found = ids(diags);
  EXPECT_EQ(std::count(found.begin(), found.end(), "log.statement.too-many-units"), 1);
  ASSERT_EQ(battle->events().size(), 1u);
  EXPECT_EQ(battle->event(0).actors().size(), 65'535u);
}

TEST(Lower, StreamingGivesTheSameBattleAndDiagnostics) {
  FakeCatalogue catalogue;
  const std::string text =
      std::string(header) +
      "turn 1 french\n  phase actions\n    shoot f1 a1 hit 6d6=5,6,1,2,3,4 => hits 2\n"
      "    move f11 frontal to 5,3\n    test f1 morale 2d6=3,4,5\n";
  const auto whole = lower_text(text, &catalogue);
  SourceManager sources;
  const FileId file = sources.add("test.ulog", text);
  DiagnosticEngine diags(0);
  const auto streamed = parse_and_lower(sources.text(file), file, {&catalogue}, diags);
  ASSERT_TRUE(streamed);
  EXPECT_EQ(ids(diags), ids(whole->diags));
  ASSERT_EQ(streamed->events().size(), whole->battle.events().size());
  for (std::size_t i = 0; i < streamed->events().size(); ++i) {
    EXPECT_EQ(streamed->event(i).span(), whole->battle.event(i).span());
    EXPECT_EQ(streamed->event(i).targets().size(), whole->battle.event(i).targets().size());
  }
}

TEST(Lower, StreamingLowersNothingWhenALineDoesNotParse) {
  const std::string text = std::string(header) +
                           "turn 1 french\n  phase actions\n    move f11 frontal to 5,3\n"
                           "    shoot f1 a1 hit 6d6=5,\n";
  SourceManager sources;
  const FileId file = sources.add("test.ulog", text);
  DiagnosticEngine diags(0);
  EXPECT_FALSE(parse_and_lower(sources.text(file), file, {}, diags));
  EXPECT_EQ(ids(diags), (std::vector<std::string>{"log.syntax.expected-face"}))
      << "the unknown unit of an earlier line is not reported: nothing is lowered";
}

// `--format json` writes the battle one event at a time; the text must be
// the document nlohmann::json prints for the same values (what the command
// printed when it built the document whole), at the top level and nested.
TEST(Lower, StreamedJsonIsWhatTheJsonLibraryPrints) {
  FakeCatalogue catalogue;
  for (const std::string& turns :
       {std::string(),
        std::string("turn 1 french\n  phase orders\n    order-points d3+1=5 => points 4\n"
                    "  phase actions\n    shoot f1 a1 range 3 hit 6d6=5,6,1,2,3,4 => hits 2\n"
                    "    move f2 frontal path 6,3 6,4 facing ne agreed \"both agreed\"\n"
                    "    save a1 2d6=4,5 => saves 2\n")}) {
    const auto l = lower_text(std::string(header) + turns, &catalogue);
    const std::string text = battle_json(l->sources, l->battle);
    const nlohmann::json parsed = nlohmann::json::parse(text);
    EXPECT_EQ(text, parsed.dump(2) + "\n");
    EXPECT_EQ(parsed["events"].size(), l->battle.events().size());
    for (const int indent : {-1, 0, 4}) {
      std::ostringstream nested;
      nested << (indent < 0
                     ? "{\"battle\":"
                     : "{\n" + std::string(static_cast<std::size_t>(indent), ' ') + "\"battle\": ");
      write_battle_json(nested, l->sources, l->battle, indent, 1);
      nested << (indent < 0 ? "}" : "\n}");
      const nlohmann::json wrapped{{"battle", parsed}};
      EXPECT_EQ(nested.str(), wrapped.dump(indent)) << "indent " << indent;
    }
  }
}

// The log front end's table (grammar/log/diagnostics.def): one row per id,
// each a log diagnostic; a row reports its id at its severity.
TEST(LogDiagnostics, TheTableHasOneRowPerId) {
  std::set<std::string_view> seen;
  for (const DiagnosticKind& d : log::kDiags) {
    EXPECT_TRUE(d.id.starts_with("log.")) << d.id;
    EXPECT_TRUE(seen.insert(d.id).second) << d.id << " is listed twice";
  }
  DiagnosticEngine diags(0);
  log::report(diags, log::Diag::army_empty, {}, "side '{}' has no units", "red");
  ASSERT_EQ(diags.diagnostics().size(), 1u);
  EXPECT_EQ(diags.diagnostics()[0].id, "log.army.empty");
  EXPECT_EQ(diags.diagnostics()[0].severity, Severity::warning);
  EXPECT_EQ(diags.diagnostics()[0].message, "side 'red' has no units");
}

}  // namespace
}  // namespace umpire::events
