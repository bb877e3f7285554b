// The fuzz targets without libFuzzer: each input file given (a folder gives every file in it, in name
// order) goes once through the target's LLVMFuzzerTestOneInput. Built in the sanitized tree
// (scripts/sanitize.sh, ESCAQUE_SANITIZE without ESCAQUE_FUZZ), where ctest replays every target's
// committed seeds (tests/fuzz/corpus/<target>/) under ASan + UBSan: the targets' invariants, checked on
// known inputs in every `npm test`. A broken invariant aborts (fuzz_check.h), which fails the test.
// Random exploration is scripts/fuzz.sh and scripts/fuzz-long.sh (libFuzzer, opt-in).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

bool replay(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "replay: cannot read %s\n", file.string().c_str());
    return false;
  }
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // libFuzzer never passes a null pointer, even for an empty input.
  static const std::uint8_t kEmpty = 0;
  LLVMFuzzerTestOneInput(bytes.empty() ? &kEmpty : bytes.data(), bytes.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE_OR_FOLDER...\n", argv[0]);
    return 2;
  }
  std::size_t replayed = 0;
  for (int i = 1; i < argc; ++i) {
    std::filesystem::path arg(argv[i]);
    std::vector<std::filesystem::path> files;
    std::error_code error;
    if (std::filesystem::is_directory(arg, error)) {
      for (const auto& entry : std::filesystem::directory_iterator(arg, error))
        if (entry.is_regular_file()) files.push_back(entry.path());
      std::sort(files.begin(), files.end());
    } else if (std::filesystem::is_regular_file(arg, error)) {
      files.push_back(arg);
    }
    if (files.empty()) {
      std::fprintf(stderr, "replay: no input file at %s\n", argv[i]);
      return 2;
    }
    for (const auto& file : files) {
      if (!replay(file)) return 2;
      ++replayed;
    }
  }
  std::printf("replayed %zu inputs\n", replayed);
  return 0;
}
