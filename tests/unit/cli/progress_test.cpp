// The progress line's text and the XML escaping of the JUnit reports.

#include "progress.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "provix/xml_text.h"

namespace provix::cli {
namespace {

TEST(Progress, DurationsReadLikeAPersonWouldSayThem) {
    EXPECT_EQ(format_duration(0.4), "0 s");
    EXPECT_EQ(format_duration(51.2), "51 s");
    EXPECT_EQ(format_duration(200), "3 min 20 s");
    EXPECT_EQ(format_duration(3900), "1 h 05 min");
    EXPECT_EQ(format_duration(-1), "0 s");
}

TEST(Progress, LineShowsDoneTotalRateElapsedAndTimeLeft) {
    Progress p("provix fuzz", "cases", 3000, false);
    p.update(1200, "0 failed");
    EXPECT_EQ(p.line(1200, 34.0),
              "provix fuzz: 1200/3000 cases (40%), 35.3 cases/s, 0 failed, 34 s elapsed, ETA 51 s");
    // Nothing done yet: no rate and no estimate; done: no estimate.
    EXPECT_EQ(p.line(0, 0.4), "provix fuzz: 0/3000 cases (0%), 0 failed, 0 s elapsed");
    EXPECT_EQ(p.line(3000, 60),
              "provix fuzz: 3000/3000 cases (100%), 50.0 cases/s, 0 failed, "
              "1 min 00 s elapsed");
    // A disabled line never draws.
    EXPECT_FALSE(p.visible());
}

TEST(Progress, ClearingBufferFlushesEachLine) {
    std::ostringstream target;
    ProgressClearingBuf buf(target.rdbuf(), nullptr);
    std::ostream out(&buf);
    out << "one\n" << 'x' << "two";
    EXPECT_EQ(target.str(), "one\nxtwo");
}

TEST(XmlText, EscapesMarkupAndDropsWhatXmlCannotHold) {
    EXPECT_EQ(xml_text("a < b & \"c\" > 'd'"), "a &lt; b &amp; &quot;c&quot; &gt; &apos;d&apos;");
    EXPECT_EQ(xml_text("tab\tline\nend\\"), "tab\tline\nend\\");
    const std::string fffd = "\xEF\xBF\xBD";
    EXPECT_EQ(xml_text(std::string("nul\0bel\x07", 8)), "nul" + fffd + "bel" + fffd);
    EXPECT_EQ(xml_text("bad \xFF byte"), "bad " + fffd + " byte");
    EXPECT_EQ(xml_seconds(0.25), "0.250");
    EXPECT_EQ(xml_seconds(-1), "0.000");
}

}  // namespace
}  // namespace provix::cli
