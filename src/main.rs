//! The `ferridriver` binary.

fn main() {
    ferridriver::main()
}
