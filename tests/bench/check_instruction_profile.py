#!/usr/bin/env python3
"""Checks bench/instruction_profile.py's reading of callgrind output and its
split into parts on a small hand-written profile (no valgrind needed).

    python3 tests/bench/check_instruction_profile.py bench/instruction_profile.py
"""

import importlib.util
import os
import sys
import tempfile
import unittest

# A callgrind profile in the file format callgrind writes: compressed names
# (`fn=(id) name` once, `fn=(id)` after), relative positions, and per call
# a `calls=` line followed by the call's inclusive cost.
#
#   simplify (self 100) calls
#     RuleMatcher::apply   (inclusive 400; inside it detail::build, 150)
#     RangeAnalysis::range (inclusive 200; inside it tidy, 40)
#     detail::build        (inclusive 50)
#     helper               (inclusive 80; inside it RangeAnalysis::range, 30)
#   tidy is called only from RangeAnalysis::range: a helper of the range
#   analysis, so the detail::build it calls (10) stays inside ranges. helper
#   is called from simplify, which is of no part: its call into the range
#   analysis counts for ranges.
PROFILE = """version: 1
creator: callgrind-3.19.0
positions: line
events: Ir
summary: 1000

fl=(1) engine.cpp
fn=(1) provix::simplify(provix::IndexingMap&)
10 100
cfn=(2) provix::engine::RuleMatcher::apply(provix::Expr)
calls=3 20
+1 400
cfn=(3) provix::engine::RangeAnalysis::range(provix::Expr)
calls=2 30
+1 200
cfn=(4) provix::detail::build(provix::ExprKind)
calls=1 40
-1 50
cfn=(5) helper(int)
calls=1 50
* 80

fn=(2)
20 250
cfn=(4)
calls=2 40
21 150

fn=(3)
30 160
cfn=(6) tidy(int)
calls=1 60
31 40

fn=(5)
50 50
cfn=(3)
calls=1 30
51 30

fn=(6)
60 30
cfn=(4)
calls=1 40
61 10

totals: 1000
"""


def load(path):
    spec = importlib.util.spec_from_file_location("instruction_profile", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class InstructionProfileTest(unittest.TestCase):
    def setUp(self):
        fd, self.path = tempfile.mkstemp(suffix=".cg")
        with os.fdopen(fd, "w") as f:
            f.write(PROFILE)

    def tearDown(self):
        os.remove(self.path)

    def test_reads_total_and_call_edges(self):
        total, edges = ip.parse_callgrind(self.path)
        self.assertEqual(total, 1000)
        costs = {(a.split("(")[0], b.split("(")[0]): c for a, b, c in edges}
        self.assertEqual(costs[("provix::simplify", "provix::engine::RuleMatcher::apply")], 400)
        self.assertEqual(costs[("provix::simplify", "provix::engine::RangeAnalysis::range")], 200)
        self.assertEqual(costs[("provix::simplify", "provix::detail::build")], 50)
        self.assertEqual(costs[("provix::engine::RuleMatcher::apply", "provix::detail::build")],
                         150)
        self.assertEqual(costs[("helper", "provix::engine::RangeAnalysis::range")], 30)
        self.assertEqual(costs[("tidy", "provix::detail::build")], 10)
        self.assertEqual(len(edges), 8)

    def test_splits_by_outermost_part(self):
        _, edges = ip.parse_callgrind(self.path)
        counts, twice = ip.split_by_part(edges)
        parts = dict(zip(ip.PART_NAMES, counts))
        # The matcher's call counts whole, the build inside it included.
        self.assertEqual(parts["matcher"], 400)
        # range from simplify (200) and from helper, a function of no part
        # called from outside every part (30); tidy, called only from range,
        # is range's helper, so its build stays inside ranges.
        self.assertEqual(parts["ranges"], 230)
        self.assertEqual(parts["node building"], 50)
        self.assertEqual(sum(counts), 680)
        self.assertEqual(twice, 0)

    def test_median_as_the_benchmark_takes_it(self):
        self.assertEqual(ip.median([3, 1, 2]), 2)
        self.assertEqual(ip.median([4, 1, 3, 2]), 3)  # the element at n/2 of the sorted values

    def test_medians_with_each_part_free(self):
        # Three maps, each with its parts (matcher, ranges, the others 0);
        # the rest is the total minus the parts.
        zeros = [0] * (len(ip.PART_NAMES) - 2)
        rows = [
            ("a#1", 1000, [500, 250] + zeros),  # ratio 40: matcher free 80, ranges free 53.3
            ("a#2", 1000, [0, 900] + zeros),  # ratio 20: ranges free 200
            ("a#3", 1000, [750, 0] + zeros),  # ratio 60: matcher free 240
            ("b#1", 1000, [1000, 0] + zeros),  # no peer ratio: left out
        ]
        ratios = {"a#1": 40.0, "a#2": 20.0, "a#3": 60.0}
        out = {part: (m, above) for part, m, above in ip.medians_with_part_free(rows, ratios)}
        self.assertEqual(len(out), len(ip.PART_NAMES) + 1)
        self.assertEqual(out["matcher"], (80.0, 1))  # 80, 20, 240: median 80, one >= 100
        m, above = out["ranges"]  # 53.3, 200, 60
        self.assertAlmostEqual(m, 60.0)
        self.assertEqual(above, 1)
        self.assertEqual(out["divisibility"], (40.0, 0))  # a part no map has: as measured
        m, above = out[ip.REST_PART]  # rests 250, 100, 250: 53.3, 22.2, 80
        self.assertAlmostEqual(m, 160 / 3)
        self.assertEqual(above, 0)
        # A part that is a whole map's count leaves its ratio unbounded.
        whole = ip.medians_with_part_free([("a#1", 100, [100, 0] + zeros)], {"a#1": 5.0})
        self.assertEqual(whole[0], ("matcher", float("inf"), 1))

    def test_reports_calls_counted_twice(self):
        # A function of no part called from inside a part and from outside,
        # which calls into another part: that call is counted in both.
        edges = [
            ("provix::simplify", "provix::engine::RuleMatcher::apply", 400),
            ("provix::simplify", "shared", 60),
            ("provix::engine::RuleMatcher::apply", "shared", 60),
            ("shared", "provix::engine::RangeAnalysis::range", 50),
        ]
        counts, twice = ip.split_by_part(edges)
        self.assertEqual(dict(zip(ip.PART_NAMES, counts))["ranges"], 50)
        self.assertEqual(twice, 50)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: check_instruction_profile.py PATH/TO/instruction_profile.py")
    ip = load(sys.argv.pop(1))
    unittest.main()
