"""The command line shared by the check scripts of this folder:

    SCRIPT --provix build/provix --source-dir . --work-dir build/cli NAME
"""

import argparse
import os


def parse_check_args(name):
    """Parses the script's arguments, the last one called `name` (the check to
    run), and creates the work folder."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--provix", required=True)
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--work-dir", required=True)
    parser.add_argument(name)
    args = parser.parse_args()
    os.makedirs(args.work_dir, exist_ok=True)
    return args


def run_named_check(script_globals, name, prefix, done):
    """Runs the check the command line names: parses the arguments into the
    script's `ARGS`, calls the script's function `prefix + <name>` and prints
    `done + <name>`."""
    args = parse_check_args(name)
    script_globals["ARGS"] = args
    chosen = getattr(args, name)
    script_globals[prefix + chosen]()
    print(done + chosen)
