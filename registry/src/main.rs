fn main() -> anyhow::Result<()> {
    volante_registry::cli::main()
}
