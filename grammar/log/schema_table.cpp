// The statements of the language and what each takes; docs/log-format.md is
// the prose version of this table.
#include <array>

#include "grammar/log/schema.hpp"

namespace umpire::log::detail {
namespace {

using K = ast::ValueKind;
using ast::Word;
using A = Arity;

constexpr KindMask W = kind_bit(K::word);
constexpr KindMask I = kind_bit(K::integer);
constexpr KindMask N = kind_bit(K::integer) | kind_bit(K::decimal);
constexpr KindMask T = kind_bit(K::text);
constexpr KindMask P = kind_bit(K::position);
constexpr KindMask S = kind_bit(K::size);
constexpr KindMask G = kind_bit(K::target);
constexpr KindMask L = kind_bit(K::list);
constexpr KindMask D = kind_bit(K::date);
constexpr KindMask LEN = kind_bit(K::length) | kind_bit(K::integer) | kind_bit(K::decimal);
constexpr KindMask FACING = kind_bit(K::integer) | kind_bit(K::decimal) | kind_bit(K::word);

// Slots used by several statements.
constexpr Slot unit_id{W, A::one, "a unit id like 'r1'", Diag::syntax_expected_unit};
constexpr Slot target_id{W, A::one, "a target unit id like 'g2'", Diag::syntax_expected_unit};
constexpr Slot units_ids{W, A::many, "one or more unit ids like 'r1 r2'",
                         Diag::syntax_expected_unit};
constexpr Slot opt_name{T, A::optional, "a name in quotes", Diag::syntax_expected_text};
constexpr Slot one_position{P, A::one, "", Diag::syntax_expected_position};
constexpr Slot many_positions{P, A::many, "", Diag::syntax_expected_position};
constexpr Slot one_facing{FACING, A::one, "a facing: degrees like 90, or a direction like 'ne'",
                          Diag::syntax_expected_facing};
constexpr Slot one_int{I, A::one, "a whole number", Diag::syntax_expected_integer};
constexpr Slot signed_int{I, A::one, "a modifier like -1 or +2", Diag::syntax_expected_integer};
constexpr Slot one_number{N, A::one, "a number like 6 or 4.5", Diag::syntax_expected_number};
constexpr Slot one_word{W, A::one, "a word", Diag::syntax_expected_word};
constexpr Slot one_text{T, A::one, "a text in quotes", Diag::syntax_expected_text};
constexpr Slot one_list{L, A::one, "a list in parentheses like (a, b)", Diag::syntax_expected_list};
constexpr Slot one_target{G, A::one, "a score like 4+", Diag::syntax_expected_target};
constexpr Slot one_formation{W, A::one, "a formation like 'line' or 'column'",
                             Diag::syntax_expected_formation};
constexpr Slot one_side{W, A::one, "a side id like 'romans'", Diag::syntax_expected_side};
constexpr Slot many_units{W, A::many, "one or more unit ids", Diag::syntax_expected_unit};
// `to off-table [edge]`: a move, flight or pursuit that leaves the map or
// the table. Any other word where a position is expected stays an error.
constexpr std::array<Word, 1> off_table_words{Word::off_table};
constexpr std::array<Word, 4> edge_words{Word::north, Word::south, Word::east, Word::west};
constexpr Slot one_destination{P | W,           A::one, "", Diag::syntax_expected_position,
                               off_table_words, {}};
constexpr Slot opt_edge{W,
                        A::optional,
                        "a table edge: 'north', 'south', 'east' or 'west'",
                        Diag::syntax_expected_edge,
                        edge_words,
                        Word::off_table};

constexpr std::array<Slot, 1> s_unit{unit_id};
constexpr std::array<Slot, 2> s_unit_target{unit_id, target_id};
constexpr std::array<Slot, 1> s_units{units_ids};
constexpr std::array<Slot, 1> s_position{one_position};
constexpr std::array<Slot, 1> s_positions{many_positions};
constexpr std::array<Slot, 2> s_destination{one_destination, opt_edge};
constexpr std::array<Slot, 1> s_facing{one_facing};
constexpr std::array<Slot, 1> s_int{one_int};
constexpr std::array<Slot, 1> s_mod{signed_int};
constexpr std::array<Slot, 1> s_number{one_number};
constexpr std::array<Slot, 1> s_word{one_word};
constexpr std::array<Slot, 1> s_text{one_text};
constexpr std::array<Slot, 1> s_list{one_list};
constexpr std::array<Slot, 1> s_target{one_target};
constexpr std::array<Slot, 1> s_formation{one_formation};
constexpr std::array<Slot, 1> s_side{one_side};
constexpr std::array<Slot, 1> s_general{
    Slot{W, A::one, "a general id like 'g1'", Diag::syntax_expected_unit}};
constexpr std::array<Slot, 1> s_many_units{many_units};
constexpr std::array<Slot, 1> s_many_words{
    Slot{W, A::many, "one or more words", Diag::syntax_expected_word}};
constexpr std::array<Slot, 2> s_rect{
    one_position, Slot{S, A::one, "a size like 12x6", Diag::syntax_expected_size}};
constexpr std::array<Slot, 0> s_none{};

// ---- header ----
constexpr std::array<Slot, 1> a_ulog{
    Slot{I, A::one, "a format version like 1", Diag::syntax_expected_integer}};
constexpr std::array<Slot, 1> a_ruleset{
    Slot{W, A::one, "a ruleset id like 'hail-caesar', 'hail-caesar-hyw', 'wab' or 'sabreur-hex'",
         Diag::syntax_expected_ruleset}};
constexpr std::array<KeySpec, 1> k_ruleset{{{Word::edition, s_text}}};
constexpr std::array<Slot, 1> a_data{
    Slot{T, A::one, "the rules data file in quotes", Diag::syntax_expected_text}};
constexpr std::array<KeySpec, 2> k_data{{{Word::sha256, s_text}, {Word::version, s_text}}};
constexpr std::array<Slot, 1> a_text{
    Slot{T, A::one, "a text in quotes", Diag::syntax_expected_text}};
constexpr std::array<KeySpec, 2> k_event{{{Word::round, s_int}, {Word::table, s_int}}};
constexpr std::array<Slot, 1> a_date{
    Slot{D, A::one, "a date like 2026-11-21", Diag::syntax_expected_date}};
constexpr std::array<Slot, 2> a_side{
    Slot{W, A::one, "a side id like 'romans'", Diag::syntax_expected_side}, opt_name};
constexpr std::array<KeySpec, 2> k_side{{{Word::player, s_text}, {Word::points, s_int}}};
constexpr std::array<Slot, 2> a_dice{
    Slot{W, A::one, "'recorded' or 'seeded'", Diag::syntax_expected_dice_mode},
    Slot{I, A::optional, "a seed", Diag::syntax_expected_integer}};
// `tolerance 0.5"`; a bare number is in inches, as a table's size is.
constexpr std::array<Slot, 1> a_tolerance{
    Slot{LEN, A::one, "a length like 0.5\"", Diag::syntax_expected_length}};
// ---- battlefield ----
constexpr std::array<Slot, 2> a_map{
    Slot{W, A::one, "'hex'", Diag::syntax_expected_word},
    Slot{S, A::one, "a map size in hexes like 12x10", Diag::syntax_expected_size}};
constexpr std::array<Slot, 1> a_table{
    Slot{S, A::one, "a table size in inches like 72x48", Diag::syntax_expected_size}};
constexpr std::array<Slot, 2> a_hex{
    many_positions,
    Slot{W, A::one, "a terrain like 'wood' or 'hill+wood'", Diag::syntax_expected_terrain}};
constexpr std::array<KeySpec, 1> k_hex{{{Word::name, s_text}}};
constexpr std::array<Slot, 3> a_hexside{
    one_position, one_position,
    Slot{W, A::one, "a hexside feature like 'stream', 'ford', 'bridge' or 'impassable'",
         Diag::syntax_expected_terrain}};
constexpr std::array<Slot, 2> a_terrain{
    Slot{W, A::one, "a terrain kind like 'wood' or 'hill'", Diag::syntax_expected_terrain},
    opt_name};
constexpr std::array<KeySpec, 4> k_terrain{{{Word::rect, s_rect},
                                            {Word::polygon, s_positions},
                                            {Word::rotation, s_number},
                                            {Word::height, s_int}}};
constexpr std::array<Slot, 1> a_edge{Slot{
    W, A::one, "a table edge: 'north', 'south', 'east' or 'west'", Diag::syntax_expected_edge}};
constexpr std::array<KeySpec, 1> k_edge{{{Word::home, s_side}}};
// ---- armies ----
constexpr std::array<Slot, 1> a_army{one_side};
constexpr std::array<KeySpec, 2> k_army{{{Word::points, s_int}, {Word::list, s_text}}};
constexpr std::array<Slot, 2> a_division{
    Slot{W, A::one, "a division id like 'd1'", Diag::syntax_expected_unit}, opt_name};
constexpr std::array<Slot, 2> a_general{
    Slot{W, A::one, "a general id like 'g1'", Diag::syntax_expected_unit}, opt_name};
constexpr std::array<KeySpec, 4> k_general{{{Word::command, s_int},
                                            {Word::at, s_position},
                                            {Word::points, s_int},
                                            {Word::facing, s_facing}}};
constexpr std::array<Slot, 2> a_unit{unit_id, opt_name};
// `vp`: the victory points the scenario gives for the unit (Sabreur-hex,
// 002 § Déroulement d'un tour de jeu, Phase C).
constexpr std::array<KeySpec, 17> k_unit{{{Word::profile, s_word},
                                          {Word::stats, s_list},
                                          {Word::type, s_word},
                                          {Word::quality, s_word},
                                          {Word::skills, s_list},
                                          {Word::special, s_list},
                                          {Word::equipment, s_list},
                                          {Word::strength, s_int},
                                          {Word::models, s_int},
                                          {Word::stamina, s_int},
                                          {Word::command, s_int},
                                          {Word::formation, s_formation},
                                          {Word::base, std::span<const Slot>(s_rect).subspan(1)},
                                          {Word::points, s_int},
                                          {Word::ranks, s_int},
                                          {Word::general, s_general},
                                          {Word::vp, s_int}}};
// ---- deployment ----
constexpr std::array<KeySpec, 3> k_deploy{
    {{Word::at, s_positions}, {Word::facing, s_facing}, {Word::formation, s_formation}}};
// ---- turns ----
constexpr std::array<Slot, 2> a_turn{
    Slot{I, A::one, "a turn number like 1", Diag::syntax_expected_integer}, one_side};
constexpr std::array<Slot, 1> a_phase{
    Slot{W, A::one, "a phase like 'movement' or 'shooting'", Diag::syntax_expected_phase}};
// `score (red 240, blue 120)`: the victory points each side stated.
constexpr std::array<KeySpec, 3> k_end{
    {{Word::winner, s_side}, {Word::reason, s_text}, {Word::score, s_list}}};
// ---- actions ----
constexpr std::array<KeySpec, 5> k_order{{{Word::by, s_general},
                                          {Word::as, s_word},
                                          {Word::target, s_unit},
                                          {Word::mod, s_mod},
                                          {Word::against, s_int}}};
constexpr std::array<KeySpec, 3> k_activate{
    {{Word::cost, s_int}, {Word::by, s_word}, {Word::mod, s_mod}}};
constexpr std::array<Slot, 2> a_move{
    unit_id,
    Slot{W, A::optional, "a manoeuvre like 'march' or 'wheel'", Diag::syntax_expected_word}};
constexpr std::array<KeySpec, 8> k_move{{{Word::to, s_destination},
                                         {Word::path, s_positions},
                                         {Word::facing, s_facing},
                                         {Word::formation, s_formation},
                                         {Word::distance, s_number},
                                         {Word::through, s_many_units},
                                         {Word::by, s_word},
                                         {Word::mod, s_mod}}};
constexpr std::array<Slot, 2> a_form{unit_id, one_formation};
constexpr std::array<KeySpec, 3> k_form{
    {{Word::facing, s_facing}, {Word::to, s_destination}, {Word::mod, s_mod}}};
constexpr std::array<KeySpec, 6> k_charge{{{Word::on, s_word},
                                           {Word::to, s_destination},
                                           {Word::path, s_positions},
                                           {Word::facing, s_facing},
                                           {Word::distance, s_number},
                                           {Word::mod, s_mod}}};
constexpr std::array<Slot, 2> a_respond{
    unit_id, Slot{W, A::one, "a response like 'hold', 'countercharge' or 'flee'",
                  Diag::syntax_expected_word}};
constexpr std::array<Slot, 2> s_unit_or_position{
    Slot{W | P, A::one, "a unit id or a position", Diag::syntax_expected_unit}, opt_edge};
// `from`: the hex a Sabreur-hex extended line's defensive fire is made from (002 § Le tir);
// `cover`: the cover a WAB charger shot at has.
constexpr std::array<KeySpec, 8> k_respond{{{Word::to, s_unit_or_position},
                                            {Word::at, s_position},
                                            {Word::path, s_positions},
                                            {Word::facing, s_facing},
                                            {Word::distance, s_number},
                                            {Word::mod, s_mod},
                                            {Word::from, s_position},
                                            {Word::cover, s_word}}};
// `facing`: the virtual facing of a Sabreur-hex square that fires; `from`:
// the hex of the half of an extended line that fires (002 § Le tir);
// `cover`: the cover players agreed a WAB target has (`soft`, `hard`).
constexpr std::array<KeySpec, 7> k_shoot{{{Word::weapon, s_word},
                                          {Word::range, s_number},
                                          {Word::distance, s_number},
                                          {Word::facing, s_facing},
                                          {Word::from, s_position},
                                          {Word::mod, s_mod},
                                          {Word::cover, s_word}}};
constexpr std::array<KeySpec, 2> k_combat{{{Word::vs, s_many_units}, {Word::round, s_int}}};
constexpr std::array<KeySpec, 2> k_attack{{{Word::mod, s_mod}, {Word::dice, s_int}}};
constexpr std::array<Slot, 2> a_test{
    unit_id, Slot{W, A::one, "a test like 'morale', 'panic', 'break' or 'disorder'",
                  Diag::syntax_expected_word}};
constexpr std::array<KeySpec, 3> k_test{
    {{Word::mod, s_mod}, {Word::against, s_int}, {Word::target, s_target}}};
constexpr std::array<KeySpec, 2> k_save{{{Word::target, s_target}, {Word::mod, s_mod}}};
constexpr std::array<KeySpec, 5> k_rally{{{Word::by, s_general},
                                          {Word::mod, s_mod},
                                          {Word::against, s_int},
                                          {Word::formation, s_formation},
                                          {Word::facing, s_facing}}};
constexpr std::array<Slot, 2> a_pursue{
    unit_id, Slot{W, A::optional, "a unit id", Diag::syntax_expected_unit}};
constexpr std::array<KeySpec, 4> k_pursue{{{Word::to, s_destination},
                                           {Word::path, s_positions},
                                           {Word::facing, s_facing},
                                           {Word::distance, s_number}}};
// `flee <unit> fall-back`: a WAB fall back in good order (003 § Repli en Bon Ordre).
constexpr std::array<Slot, 2> a_flee{
    unit_id,
    Slot{W, A::optional, "'fall-back' (a fall back in good order)", Diag::syntax_expected_word}};
constexpr std::array<KeySpec, 5> k_flee{{{Word::to, s_destination},
                                         {Word::path, s_positions},
                                         {Word::facing, s_facing},
                                         {Word::from, s_unit},
                                         {Word::distance, s_number}}};
constexpr std::array<Slot, 2> a_special{
    unit_id, Slot{W, A::one, "a special action like 'plant-stakes' or 'misfire'",
                  Diag::syntax_expected_word}};
constexpr std::array<KeySpec, 3> k_special{
    {{Word::target, s_unit}, {Word::to, s_destination}, {Word::mod, s_mod}}};
constexpr std::array<Slot, 2> a_remove{
    unit_id,
    Slot{W, A::optional, "a reason like 'destroyed' or 'off-table'", Diag::syntax_expected_word}};
constexpr std::array<Slot, 2> a_state{
    unit_id, Slot{W, A::many, "one or more states like 'shaken' or 'disordered'",
                  Diag::syntax_expected_word}};
constexpr std::array<KeySpec, 0> k_none{};

// Stated outcomes, the same for every statement that takes them.
// `cancelled`: a Sabreur-hex charge or assault that could not engage its
// target (002 § Conditions pour qu'une charge soit valide, 6).
constexpr std::array<KeySpec, 22> k_outcomes{
    {{Word::hits, s_int},         {Word::saves, s_int},           {Word::losses, s_int},
     {Word::casualties, s_int},   {Word::wounds, s_int},          {Word::result, s_word},
     {Word::state, s_many_words}, {Word::moves, s_int},           {Word::pass, s_none},
     {Word::fail, s_none},        {Word::points, s_int},          {Word::winner, s_unit},
     {Word::margin, s_int},       {Word::draw, s_none},           {Word::distance, s_number},
     {Word::score, s_int},        {Word::destroyed, s_none},      {Word::to, s_destination},
     {Word::facing, s_facing},    {Word::formation, s_formation}, {Word::total, s_int},
     {Word::cancelled, s_none}}};

// Words that may label a dice roll (`hit 6d6=...`); a closed list, so that a
// unit id before a roll (`pursue e1 h2 2d6=3,4`) is never read as a label.
constexpr std::array<Word, 12> k_roll_labels{
    Word::hit,  Word::wound,  Word::save,   Word::blunder, Word::reroll,   Word::misfire,
    Word::risk, Word::effect, Word::attack, Word::panic,   Word::distance, Word::extra};
// Looked up for every word before a roll: a flag per word id.
constexpr std::array<bool, 256> roll_label_flags = [] {
  std::array<bool, 256> flags{};
  for (const Word w : k_roll_labels) flags[static_cast<std::size_t>(w)] = true;
  return flags;
}();

using V = ast::Verb;
const std::array<VerbSpec, 45> specs{{
    {V::ulog, a_ulog, k_none, false, false},
    {V::ruleset, a_ruleset, k_ruleset, false, false},
    {V::data, a_data, k_data, false, false},
    {V::scenario, a_text, k_none, false, false},
    {V::event, a_text, k_event, false, false},
    {V::date, a_date, k_none, false, false},
    {V::side, a_side, k_side, false, false},
    {V::dice, a_dice, k_none, false, false},
    {V::tolerance, a_tolerance, k_none, false, false},
    {V::map, a_map, k_none, false, false},
    {V::table, a_table, k_none, false, false},
    {V::hex, a_hex, k_hex, false, false},
    {V::hexside, a_hexside, k_none, false, false},
    {V::terrain, a_terrain, k_terrain, false, false},
    {V::edge, a_edge, k_edge, false, false},
    {V::army, a_army, k_army, false, false},
    {V::division, a_division, k_none, false, false},
    {V::general, a_general, k_general, false, false},
    {V::unit, a_unit, k_unit, false, false},
    {V::deploy, s_unit, k_deploy, false, false},
    {V::turn, a_turn, k_none, false, false},
    {V::phase, a_phase, k_none, false, false},
    {V::order_points, s_none, k_none, true, true},
    {V::order, s_units, k_order, true, true},
    {V::activate, s_units, k_activate, true, true},
    {V::move, a_move, k_move, true, true},
    {V::form, a_form, k_form, true, true},
    {V::charge, s_unit_target, k_charge, true, true},
    {V::assault, s_unit_target, k_charge, true, true},
    {V::respond, a_respond, k_respond, true, true},
    {V::shoot, s_unit_target, k_shoot, true, true},
    {V::combat, s_units, k_combat, true, true},
    {V::attack, s_unit_target, k_attack, true, true},
    {V::support, s_unit_target, k_attack, true, true},
    {V::result, s_none, k_none, true, true},
    {V::test, a_test, k_test, true, true},
    {V::save, s_unit, k_save, true, true},
    {V::rally, s_unit, k_rally, true, true},
    {V::pursue, a_pursue, k_pursue, true, true},
    {V::flee, a_flee, k_flee, true, true},
    {V::evade, s_unit, k_pursue, true, true},
    {V::special, a_special, k_special, true, true},
    {V::remove, a_remove, k_none, true, true},
    {V::state, a_state, k_none, false, false},
    {V::end, s_none, k_end, false, false},
}};

constexpr std::array<std::string_view, 45> keywords{
#define UMPIRE_LOG_VERB(name, text, group) text,
#include "grammar/log/verbs.def"
#undef UMPIRE_LOG_VERB
};
constexpr std::array<ast::VerbGroup, 45> groups{
#define UMPIRE_LOG_VERB(name, text, group) ast::VerbGroup::group,
#include "grammar/log/verbs.def"
#undef UMPIRE_LOG_VERB
};

}  // namespace

const VerbSpec& verb_spec(ast::Verb verb) {
  return specs[static_cast<std::size_t>(verb)];
}

// Through the one table of the language's words; the binder itself uses the
// id the scanner gave the first word (Value::word).
std::optional<ast::Verb> find_verb(std::string_view keyword) {
  return ast::verb_of(ast::find_word(keyword));
}

std::vector<std::string> verb_keywords() {
  return {keywords.begin(), keywords.end()};
}

std::span<const KeySpec> outcome_keys() {
  return k_outcomes;
}

std::vector<std::string> roll_labels() {
  std::vector<std::string> out;
  for (const Word w : k_roll_labels) out.emplace_back(ast::word_text(w));
  return out;
}

bool is_roll_label(Word word) {
  return roll_label_flags[static_cast<std::size_t>(word)];
}

Word roll_label(std::string_view word) {
  const Word w = ast::find_word(word);
  return is_roll_label(w) ? w : Word::none;
}

}  // namespace umpire::log::detail

namespace umpire::log::ast {

std::string_view verb_name(Verb verb) {
  return detail::keywords[static_cast<std::size_t>(verb)];
}
VerbGroup verb_group(Verb verb) {
  return detail::groups[static_cast<std::size_t>(verb)];
}

}  // namespace umpire::log::ast
