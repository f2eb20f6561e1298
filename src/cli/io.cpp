#include "io.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace provix::cli {

namespace {

bool is_standard_stream(const std::string& path) { return path.empty() || path == "-"; }

}  // namespace

Result<InputText> read_input(const std::string& path) {
    InputText input;
    if (is_standard_stream(path)) {
        input.name = "<stdin>";
        std::ostringstream buffer;
        buffer << std::cin.rdbuf();
        if (std::cin.bad()) return Error::invalid("cannot read standard input");
        input.text = buffer.str();
        return input;
    }
    input.name = path;
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        return Error::invalid("cannot open '" + path + "': " + std::strerror(errno));
    }
    input.text.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
    if (file.bad()) return Error::invalid("cannot read '" + path + "'");
    return input;
}

Result<size_t> write_output(const std::string& path, const std::string& text) {
    if (is_standard_stream(path)) {
        std::cout << text;
        std::cout.flush();
        if (!std::cout) return Error::invalid("cannot write standard output");
        return text.size();
    }
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file) {
        return Error::invalid("cannot open '" + path + "' for writing: " + std::strerror(errno));
    }
    file << text;
    file.flush();
    if (!file) return Error::invalid("cannot write '" + path + "'");
    return text.size();
}

void report_error(const std::string& command, const std::string& message) {
    std::cerr << "provix " << command << ": error: " << message << "\n";
}

void report_diagnostic(const std::string& diagnostic) {
    std::cerr << diagnostic;
    if (diagnostic.empty() || diagnostic.back() != '\n') std::cerr << '\n';
}

}  // namespace provix::cli
