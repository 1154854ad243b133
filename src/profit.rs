//! The profit graph: `fpdb._profit_svg` draws the four running-winnings lines of
//! `fpdb.profit_series` as an SVG document ([`fpdb_core::graph`], plotters' SVG backend);
//! `fpdb.profit_graph` in sql/profit.sql selects the hands and calls it.

use fpdb_core::graph::{self, GraphError};
use pgrx::prelude::*;

use crate::errors::raise;

/// The SVG of the four series (equal lengths, at least one hand, finite values, no NULL).
#[pg_extern(immutable, parallel_safe)]
#[search_path(pg_catalog, pg_temp)]
#[allow(clippy::too_many_arguments)]
fn _profit_svg(
    player: &str,
    unit: &str,
    net: Vec<Option<f64>>,
    allin_adjusted: Vec<Option<f64>>,
    showdown: Vec<Option<f64>>,
    non_showdown: Vec<Option<f64>>,
    width: i32,
    height: i32,
) -> String {
    let size = (
        u32::try_from(width).unwrap_or(0),
        u32::try_from(height).unwrap_or(0),
    );
    let series = [net, allin_adjusted, showdown, non_showdown];
    let series = series.each_ref().map(|s| {
        s.iter()
            .map(|v| v.unwrap_or_else(|| raise("22004", "the series must not contain NULL")))
            .collect::<Vec<f64>>()
    });
    graph::draw(player, unit, &series, size).unwrap_or_else(|e| {
        let state = match e {
            GraphError::Drawing(_) => "XX000",
            _ => "22023",
        };
        raise(state, e.to_string())
    })
}
