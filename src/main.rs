//! The `ferridriver` binary.

// A run allocates millions of small strings (ids, messages); mimalloc roughly halves the
// runner's wall time against glibc's allocator (docs/adr/0007-mimalloc.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    ferridriver::main()
}
