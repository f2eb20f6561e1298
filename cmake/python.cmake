# The Python module: built when a Python interpreter with its development
# headers and pybind11 are found; otherwise a status line says why not.
#
# Debian's pybind11 and python3-dev are for the system interpreter: when
# /usr/bin/python3 exists it is used unless Python3_EXECUTABLE says otherwise
# (an interpreter earlier on PATH, from pyenv or conda, would not match those
# headers).
if(NOT Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python3_EXECUTABLE /usr/bin/python3)
endif()
find_package(Python3 COMPONENTS Interpreter Development.Module QUIET)
if(Python3_FOUND)
  find_package(pybind11 CONFIG QUIET)
endif()
set(PROVIX_PYTHON_INSTALL_DIR "lib/python3/dist-packages" CACHE STRING
    "Where `cmake --install` puts the Python module, relative to the install prefix")
if(NOT Python3_FOUND)
  message(STATUS "provix: Python 3 with its headers not found: Python module not built")
elseif(NOT pybind11_FOUND)
  message(STATUS "provix: pybind11 not found: Python module not built")
else()
  message(STATUS "provix: Python module for ${Python3_EXECUTABLE} (${Python3_VERSION})")
  add_subdirectory(python)
endif()
