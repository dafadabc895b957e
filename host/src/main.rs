//! `volante`: the server binary. All logic lives in the library.

use std::path::PathBuf;

use clap::{Parser, Subcommand};
use volante_host::app::Application;
use volante_host::config::Config;
use volante_host::{db::Db, demo, telemetry};

/// mimalloc instead of glibc's allocator: per-request allocation in the host (HTTP, sqlx rows,
/// the plugin runtime's stores) churns across threads, and glibc's arenas fragment under it;
/// measured in bench/plugin-overhead, the whole request path is faster with mimalloc.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "volante", version, about = "Volante: back office for driving schools and training centres")]
struct Cli {
    /// TOML configuration file (also `VOLANTE_CONFIG`); `VOLANTE_*` variables override it.
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the server.
    Serve,
    /// Apply the host's database migrations and exit.
    Migrate,
    /// Create (or refresh) the demo provider and driving school, print the credentials, then serve.
    Demo {
        /// Only seed the data and print the credentials; do not start the server.
        #[arg(long)]
        seed_only: bool,
    },
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let config = Config::load(cli.config.as_deref())?;
    telemetry::init_logging(&config);
    match cli.command {
        Command::Serve => serve(config).await,
        Command::Migrate => {
            let db = Db::connect(&config.effective_database_url()).await?;
            db.migrate().await?;
            println!("Migrations applied.");
            Ok(())
        }
        Command::Demo { seed_only } => {
            let app = Application::build(config.clone()).await?;
            let password = std::env::var("VOLANTE_DEMO_PASSWORD").ok().filter(|p| !p.is_empty());
            let seeded = demo::seed(&app.state.db, password.as_deref()).await?;
            if let Some(dir) = &config.plugins.registry_dir {
                let modules = demo::install_modules(&app.state, dir, &seeded).await?;
                println!("Modules installed (the provider's own tools for the provider, the rest for the demo school): {}", modules.join(", "));
            }
            let url = public_url(&config, app.port());
            println!("\nVolante demo is ready at {url}\n");
            for user in &seeded.users {
                println!("  {:<20} {:<32} {}", user.role, user.email, user.password);
            }
            println!(
                "\nA first sign-in from a new browser asks for a code sent by e-mail; with no SMTP relay \
                 configured it is written to {} and to the log.\n",
                config.data_dir.join("outbox").display()
            );
            if seed_only {
                return Ok(());
            }
            app.run().await
        }
    }
}

fn public_url(config: &Config, port: u16) -> String {
    if config.public_url.contains(&format!(":{}", config.listen.port())) && config.listen.port() == 0 {
        config.public_url.replace(":0", &format!(":{port}"))
    } else {
        config.public_url.clone()
    }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    let app = Application::build(config.clone()).await?;
    tracing::info!(url = %public_url(&config, app.port()), "Volante is listening");
    app.run().await
}
