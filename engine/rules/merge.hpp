#pragma once
// First step of loading: parse a file and the chain of files it extends, and
// apply its variant operations (override, remove, add/remove entry, add
// value, intentional) to the inherited items. The result is still syntax;
// resolve.hpp turns it into the model.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/rules/model.hpp"
#include "grammar/rules/ast.hpp"

namespace umpire::rules {

struct MergedItem {
  ast::PlainItem item;
  FileId file;  // the file that defined (or last overrode) it
};

struct Merged {
  ast::Header header;                            // of the file loaded, not of its bases
  std::vector<std::string> lineage;              // its id, then its bases' ids
  std::vector<std::string> sources;              // every `source` of the chain, the file's first
  std::vector<std::optional<MergedItem>> items;  // removed items stay as nullopt
  std::map<std::string, std::size_t, std::less<>> index;
  std::map<std::uint32_t, std::string> default_source;  // FileId -> its first `source`
  std::vector<Difference> differences;
};

// Parses `file` and its bases (found as `dir/ID.rules`). `chain` holds the
// ids being loaded, to detect `extends` cycles. Returns false if the header
// could not be read; item errors are reported and the item skipped.
bool merge_file(SourceManager& sources, FileId file, const std::filesystem::path& dir,
                DiagnosticEngine& diags, bool check_file_name, std::vector<std::string>& chain,
                Merged& out);

}  // namespace umpire::rules
