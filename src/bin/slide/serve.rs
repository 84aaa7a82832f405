//! `slide serve`: the built site and the API that keeps a player's solves on every device.

use super::Failure;
use clap::Args;
use slide::server::{self, Config};
use std::net::IpAddr;
use std::path::PathBuf;

#[derive(Args)]
pub(crate) struct ServeArgs {
    /// Port to listen on (0: any free one)
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on: 127.0.0.1 for this machine alone, 0.0.0.0 for the network
    /// (docs/server.md: a phone needs HTTPS in front)
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// The built site (make dist)
    #[arg(long, default_value = "dist")]
    site: PathBuf,
    /// sqlite:PATH (made where missing) or a postgres:// URL, which any number of servers may
    /// share
    #[arg(long, env = "SLIDE_DATABASE", default_value = server::DEFAULT_DATABASE)]
    database: String,
    /// The fastest average pace a race entry may claim, in tile moves a second
    #[arg(long, default_value_t = 40.0, value_parser = positive)]
    max_tps: f64,
    /// Players one address may make (or devices it may link) a minute
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=60_000))]
    players_per_minute: u32,
    /// Requests one key (or, without one, one address) may make a second, on average
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    requests_per_second: u32,
}

fn positive(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 => Ok(x),
        _ => Err(format!("{text} is not a positive number")),
    }
}

pub(crate) fn run_serve(args: ServeArgs) -> Result<u8, Failure> {
    let config = Config {
        bind: args.bind,
        port: args.port,
        site: args.site,
        database: args.database,
        max_tps: args.max_tps,
        players_per_minute: args.players_per_minute,
        requests_per_second: args.requests_per_second,
    };
    server::run(config).map_err(|e| Failure {
        code: 1,
        message: e.to_string(),
    })?;
    Ok(0)
}
