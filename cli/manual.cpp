#include "cli/manual.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <string_view>
#include <vector>

#include "engine/core/version.hpp"

namespace umpire::cli {
namespace {

// The subcommands of `app`, in the order they were added.
std::vector<const CLI::App*> subcommands(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App*) { return true; });
}

// The options a user can give `app`: not the help flag, not hidden ones.
std::vector<const CLI::Option*> options(const CLI::App& app) {
  return app.get_options([&app](const CLI::Option* o) {
    return o != app.get_help_ptr() && o != app.get_help_all_ptr() && !o->get_group().empty();
  });
}

bool takes_value(const CLI::Option& o) {
  return o.get_items_expected_max() != 0;
}

// The values of an option limited to a set (CLI::IsMember): CLI11 writes
// them in its type name, `TEXT:{text,json}`.
std::vector<std::string> choices(const CLI::Option& o) {
  const std::string type = o.get_type_name();
  const std::size_t open = type.find('{');
  const std::size_t close = type.find('}', open);
  std::vector<std::string> out;
  if (open == std::string::npos || close == std::string::npos) return out;
  std::string_view list(type.data() + open + 1, close - open - 1);
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    out.emplace_back(list.substr(0, comma));
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
  }
  return out;
}

// "rules check": the words after `umpire` that name `app`.
std::string path_of(const CLI::App& app) {
  std::string path;
  for (const CLI::App* a = &app; a->get_parent() != nullptr; a = a->get_parent()) {
    path = path.empty() ? a->get_name() : a->get_name() + " " + path;
  }
  return path;
}

// ---- man(7) -----------------------------------------------------------------

// Text as roff reads it: backslashes escaped, a line starting with a period
// or an apostrophe protected, so that no text becomes a request; hyphens
// are minus signs, so that options and examples copy as typed.
std::string roff(std::string_view text) {
  std::string out;
  bool line_start = true;
  for (const char c : text) {
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else
      out += c;
    line_start = c == '\n';
  }
  return out;
}

std::string bold(std::string_view text) {
  return "\\fB" + roff(text) + "\\fR";
}

std::string synopsis(const CLI::App& app) {
  std::string out = "umpire" + std::string(app.get_parent() ? " " + path_of(app) : "");
  if (!options(app).empty()) out += " [OPTIONS]";
  if (!subcommands(app).empty()) out += " COMMAND";
  for (const CLI::Option* o : options(app)) {
    if (!o->get_positional()) continue;
    std::string name = o->get_name(true);
    if (o->get_expected_max() > 1) name += "...";
    out += o->get_required() ? " " + name : " [" + name + "]";
  }
  return out;
}

void man_options(std::string& out, const CLI::App& app) {
  for (const CLI::Option* o : options(app)) {
    out += ".TP\n";
    if (o->get_positional()) {
      out += fmt::format("\\fI{}\\fR\n", roff(o->get_name(true)));
    } else {
      out += bold(o->get_name(false, true));
      if (takes_value(*o)) out += fmt::format(" \\fI{}\\fR", roff(o->get_type_name()));
      out += "\n";
    }
    out += roff(o->get_description()) + "\n";
  }
}

// A command: its synopsis, description, arguments and options, then its
// examples as `--help` prints them; then its own subcommands.
void man_command(std::string& out, const CLI::App& app) {
  out += fmt::format(".SS \"{}\"\n", roff(synopsis(app)));
  out += roff(app.get_description()) + "\n";
  man_options(out, app);
  if (!app.get_footer().empty()) out += ".PP\n.nf\n" + roff(app.get_footer()) + "\n.fi\n";
  for (const CLI::App* sub : subcommands(app)) man_command(out, *sub);
}

// ---- bash ---------------------------------------------------------------------

void collect(const CLI::App& app, std::string& words, std::string& values) {
  const std::string path = path_of(app);
  std::vector<std::string> all;
  for (const CLI::App* sub : subcommands(app)) all.push_back(sub->get_name());
  std::vector<std::string> opts{"--help"};
  for (const CLI::Option* o : options(app)) {
    if (o->get_positional()) continue;
    for (const std::string& s : o->get_snames()) opts.push_back("-" + s);
    for (const std::string& l : o->get_lnames()) opts.push_back("--" + l);
    if (!takes_value(*o)) continue;
    // What completes the option's value: its choices, folders, nothing for a
    // number, file names otherwise.
    std::string completes = fmt::format("{}", fmt::join(choices(*o), " "));
    const std::string type = o->get_type_name();
    if (completes.empty()) {
      completes =
          type == "DIR" ? "@dir"
          : type.rfind("INT", 0) == 0 || type.rfind("UINT", 0) == 0 || type.rfind("FLOAT", 0) == 0
              ? "@none"
              : "@file";
    }
    std::vector<std::string> keys;
    for (const std::string& s : o->get_snames()) keys.push_back(fmt::format("\"{}|-{}\"", path, s));
    for (const std::string& l : o->get_lnames())
      keys.push_back(fmt::format("\"{}|--{}\"", path, l));
    values += fmt::format("    {}) echo \"{}\" ;;\n", fmt::join(keys, "|"), completes);
  }
  words += fmt::format("    \"{}\") echo \"{}\" ;;\n", path, fmt::join(all, " "));
  words += fmt::format("    \"{}|-\") echo \"{}\" ;;\n", path, fmt::join(opts, " "));
  for (const CLI::App* sub : subcommands(app)) collect(*sub, words, values);
}

constexpr const char* completion_body = R"bash(
# The command path (`rules check`) of the words before the cursor: option
# values are skipped, subcommands kept.
_umpire_path() {
  local path="" word sub i
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    if [[ $word == -* ]]; then
      [[ $word == *=* ]] || ! _umpire_values "$path" "$word" > /dev/null || ((i++))
      continue
    fi
    for sub in $(_umpire_words "$path"); do
      if [[ $word == "$sub" ]]; then
        path=${path:+$path }$sub
        break
      fi
    done
  done
  echo "$path"
}

# What completes the value of option $2 of command $1, or of a command above
# it (options of `rules` may follow its subcommand); fails for a flag.
_umpire_values() {
  local path=$1
  while true; do
    _umpire_option_values "$path|$2" && return 0
    [[ -z $path ]] && return 1
    if [[ $path == *" "* ]]; then path=${path% *}; else path=""; fi
  done
}

_umpire() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]} path values
  path=$(_umpire_path)
  COMPREPLY=()
  if ((COMP_CWORD > 1)) && [[ $prev == -* ]] && values=$(_umpire_values "$path" "$prev"); then
    case $values in
      @dir) compopt -o filenames 2> /dev/null; mapfile -t COMPREPLY < <(compgen -d -- "$cur") ;;
      @file) compopt -o filenames 2> /dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
      @none) ;;
      *) mapfile -t COMPREPLY < <(compgen -W "$values" -- "$cur") ;;
    esac
    return 0
  fi
  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(_umpire_words "$path|-")" -- "$cur")
    return 0
  fi
  local commands
  commands=$(_umpire_words "$path")
  if [[ -n $commands ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
  else
    compopt -o filenames 2> /dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
  fi
  return 0
}
complete -F _umpire umpire
)bash";

}  // namespace

std::string man_page(const CLI::App& root) {
  std::string out = fmt::format(
      ".\\\" umpire(1), written by `umpire --generate man` from the commands' own help.\n"
      ".TH UMPIRE 1 \"\" \"umpire {}\" \"User Commands\"\n",
      version);
  std::string summary = root.get_description();
  if (const std::size_t colon = summary.find(": "); colon != std::string::npos)
    summary = summary.substr(colon + 2);
  out += ".SH NAME\numpire \\- " + roff(summary) + "\n";
  out += ".SH SYNOPSIS\n" + bold(synopsis(root)) + " [\\fIARGS\\fR]\n.br\n" +
         bold("umpire --help") + " | " + bold("umpire --version") + "\n";
  out += R"roff(.SH DESCRIPTION
Umpire records, replays and formally verifies historical miniature wargames.
Players write a battle down as a plain-text battle log; Umpire parses it,
replays it against the rules of its ruleset, recomputes every outcome from the
dice, and reports each broken rule the way a compiler does: file:line:col,
the rule, the section of the rule text. It also verifies the rules
themselves, looking for contradictions, table gaps and broken limits.
.PP
Every command has \fB\-\-help\fR with examples.
.SH OPTIONS
)roff";
  man_options(out, root);
  out += ".PP\n.nf\n" + roff(root.get_footer()) + "\n.fi\n.SH COMMANDS\n";
  for (const CLI::App* sub : subcommands(root)) man_command(out, *sub);
  out += R"roff(.SH EXIT STATUS
.TP
0
clean: nothing to report
.TP
1
findings: the input was read, and it breaks something
.TP
2
usage or input error: bad arguments, an unreadable file, a syntax error
.TP
3
internal error: a bug in Umpire
.SH ENVIRONMENT
.TP
.B UMPIRE_DATA_DIR
The folder of Umpire's data (it holds \fIcorpus/rulesets/\fR) when
\fB\-\-data\fR is not given.
.TP
.B UMPIRE_RULES_TEXTS
The folder of the rule texts that citations are linted against when
\fB\-\-texts\fR is not given. Without texts, \fBumpire rules check\fR says
once that citations were not checked against them.
.TP
.B NO_COLOR
When set and not empty, diagnostics are not coloured.
.SH FILES
.TP
.I PREFIX/share/umpire/corpus/rulesets/
The shipped rulesets, found beside the executable \fIPREFIX/bin/umpire\fR.
.TP
.I PREFIX/share/umpire/examples/
Recorded games of each ruleset, to try \fBumpire check\fR on.
.TP
.I PREFIX/share/doc/umpire/
The manuals: the log and rules formats, the checks, the verifier.
.SH SEE ALSO
The manuals in \fIPREFIX/share/doc/umpire/\fR, starting with \fIcli.md\fR.
)roff";
  return out;
}

std::string bash_completion(const CLI::App& root) {
  std::string words, values;
  collect(root, words, values);
  return fmt::format(
      "# bash completion of umpire, written by `umpire --generate bash-completion`\n"
      "# from its commands.\n\n"
      "# The subcommands of a command path, or its options (\"PATH|-\").\n"
      "_umpire_words() {{\n  case $1 in\n{}  esac\n}}\n\n"
      "# What completes the value of an option (\"PATH|OPTION\"): its values, @dir,\n"
      "# @file or @none; fails for an option that takes no value.\n"
      "_umpire_option_values() {{\n  case $1 in\n{}    *) return 1 ;;\n  esac\n}}\n{}",
      words, values, completion_body);
}

}  // namespace umpire::cli
