#pragma once
/// \file
/// Test support: a RapidCheck property with a smaller number of cases, for
/// properties that run the C compiler in every case. RC_PARAMS (seed,
/// max_success, reproduce=...) still applies; max_success only lowers it.

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <utility>

namespace provix::test {

/// Checks `property` with at most `max_cases` successful cases.
template <class Property>
void check_property(Property&& property, int max_cases) {
    using namespace rc::detail;
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    TestMetadata metadata;
    metadata.id = std::string(info->test_suite_name()) + "/" + info->name();
    metadata.description = info->name();
    TestParams params = configuration().testParams;
    params.maxSuccess = std::min(params.maxSuccess, max_cases);
    const auto result =
        checkProperty(toProperty(std::forward<Property>(property)), metadata, params);
    if (!result.template is<SuccessResult>()) {
        std::ostringstream ss;
        printResultMessage(result, ss);
        FAIL() << ss.str();
    }
}

}  // namespace provix::test
