#!/usr/bin/env python3
"""Checks that every rule of rules/*.rules fires on its example.

    check_rules_fire.py PROVIX RULES_DIR EXAMPLES_DIR

Every rule NAME (an entry `NAME: ...` at the start of a line of a .rules
file) needs an example EXAMPLES_DIR/NAME.map on which
`provix simplify --trace` prints `// rule: NAME`. The rule list is read from
the rule files on every run, so a new rule without an example fails, as does
a rule that stopped matching its example or an example for a rule that no
longer exists.

A rule that a higher-priority rule always preempts is an expected failure,
marked in its example with a line `// shadowed by: OTHER (why)`: the test
then checks that OTHER fires on the example and NAME does not, and fails
once NAME fires (remove the marker then). Exits 1 listing every problem, 0
when every rule fires or is a marked, confirmed shadow.
"""
import pathlib
import re
import subprocess
import sys

RULE_ENTRY = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*:")
SHADOWED = re.compile(r"^// shadowed by: ([A-Za-z_][A-Za-z0-9_]*)", re.M)


def rule_names(rules_dir):
    """(name, 'file:line') of every rule, in file-name then file order."""
    rules = []
    for path in sorted(pathlib.Path(rules_dir).glob("*.rules")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            m = RULE_ENTRY.match(line)
            if m:
                rules.append((m.group(1), f"{path.name}:{number}"))
    return rules


def fired_rules(provix, example):
    """The rules `provix simplify --trace` names on `example`, or an error."""
    run = subprocess.run([provix, "simplify", "--trace", str(example)],
                         capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        return None, f"exit {run.returncode}: {run.stderr.strip()}"
    prefix = "// rule: "
    return {line[len(prefix):].strip() for line in run.stdout.splitlines()
            if line.startswith(prefix)}, None


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    provix, rules_dir, examples_dir = argv[1], pathlib.Path(argv[2]), pathlib.Path(argv[3])
    rules = rule_names(rules_dir)
    problems = []
    shadowed = []
    if not rules:
        problems.append(f"no rules found in {rules_dir}/*.rules")
    names = {name for name, _ in rules}
    for name, where in rules:
        example = examples_dir / f"{name}.map"
        if not example.exists():
            problems.append(f"{where}: rule '{name}' has no example {example}")
            continue
        fired, error = fired_rules(provix, example)
        shadow = SHADOWED.search(example.read_text())
        if error:
            problems.append(f"{example}: {error}")
        elif shadow:
            shadowed.append(f"{name} (by {shadow.group(1)})")
            if name in fired:
                problems.append(f"{where}: rule '{name}' fires on {example} now: remove its "
                                f"'shadowed by' marker")
            elif shadow.group(1) not in fired:
                problems.append(f"{example}: '{shadow.group(1)}' does not fire, so the example "
                                f"does not show '{name}' shadowed (fired: "
                                f"{', '.join(sorted(fired)) or 'none'})")
        elif name not in fired:
            problems.append(f"{where}: rule '{name}' does not fire on {example} "
                            f"(fired: {', '.join(sorted(fired)) or 'none'})")
    for example in sorted(examples_dir.glob("*.map")):
        if example.stem not in names:
            problems.append(f"{example}: no rule named '{example.stem}' in {rules_dir}")
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s); {len(rules)} rules")
        return 1
    fire = len(rules) - len(shadowed)
    print(f"{fire} of {len(rules)} rules fire on their examples"
          + (f"; shadowed (expected failures): {', '.join(shadowed)}" if shadowed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
