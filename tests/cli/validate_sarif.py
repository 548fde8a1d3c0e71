"""Validates SARIF files against the SARIF 2.1.0 JSON schema.

usage: validate_sarif.py SCHEMA FILE...

Exit 0 when every file is valid, 1 when one is not (each error printed with
its path in the document), 3 when python3-jsonschema is missing.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("validate_sarif: python3-jsonschema is missing (scripts/install-deps.sh installs it)",
          file=sys.stderr)
    sys.exit(3)


def main(argv):
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema)
    failed = False
    for path in argv[2:]:
        with open(path, encoding="utf-8") as f:
            document = json.load(f)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        for error in errors:
            where = "/".join(str(p) for p in error.absolute_path)
            print(f"{path}: /{where}: {error.message}", file=sys.stderr)
        if errors:
            failed = True
        else:
            print(f"{path}: valid SARIF 2.1.0")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
