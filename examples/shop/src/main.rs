//! A user crate: its own steps (in `steps.rs`) plus ferridriver's command line.
//! Run it with `cargo run -p ferridriver-example-shop -- bdd examples/shop/features`.

mod steps;

fn main() {
    ferridriver::main()
}
