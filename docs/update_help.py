#!/usr/bin/env python3
"""Pastes the current `--help` texts into docs/commands.md.

    python3 docs/update_help.py build/provix

docs/commands.md quotes `provix --help` in its first ```text block and
`provix COMMAND --help` in the ```text block of each `## provix COMMAND`
section; the ctest cli.docs_show_every_help checks they are up to date.
Review the diff: a changed option needs its prose updated too.
"""
import os
import re
import subprocess
import sys


def main():
    provix = sys.argv[1]
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "commands.md")
    with open(path) as f:
        doc = f.read()

    def help_of(args):
        return subprocess.run([provix] + args, capture_output=True, text=True, check=True).stdout

    section = [None]

    def replace(match):
        # The heading before this block names the command (none: the main help).
        before = doc[:match.start()]
        headings = re.findall(r"^## `provix (\w+)`", before, re.M)
        args = [headings[-1], "--help"] if headings else ["--help"]
        return "```text\n" + help_of(args) + "```"

    doc = re.sub(r"```text\n.*?```", replace, doc, flags=re.S)
    with open(path, "w") as f:
        f.write(doc)


if __name__ == "__main__":
    main()
