//! The `volante-registry` command line (build, pack, verify, publish, install, new).

pub fn main() -> anyhow::Result<()> {
    anyhow::bail!("not implemented yet")
}
