#pragma once
// Every subcommand, one file each (cli/*_command.cpp).
#include <vector>

#include "cli/session.hpp"

namespace umpire::cli {

Command add_check_command(CLI::App& root);
Command add_dice_command(CLI::App& root);
Command add_fmt_command(CLI::App& root);
Command add_parse_command(CLI::App& root);
Command add_pin_command(CLI::App& root);
Command add_replay_command(CLI::App& root);
Command add_report_command(CLI::App& root);
Command add_rules_command(CLI::App& root);
Command add_simulate_command(CLI::App& root);
Command add_verify_command(CLI::App& root);

inline std::vector<Command> add_commands(CLI::App& root) {
  return {add_check_command(root),  add_dice_command(root),     add_fmt_command(root),
          add_parse_command(root),  add_replay_command(root),   add_rules_command(root),
          add_verify_command(root), add_simulate_command(root), add_pin_command(root),
          add_report_command(root)};
}

}  // namespace umpire::cli
