//! The rows of an SPI query read in bulk: each row is deformed once (`heap_deform_tuple`) and
//! its values converted by their column's type, which is looked up once per query. Reading a
//! value through pgrx's tuple accessors costs a guarded call, a memory-context switch, a type
//! lookup and an attribute walk per column; over the hundreds of thousands of rows an export
//! reads, that was as much work as the query itself.
//!
//! A value read as a type its column does not have is an error (XX000), never a reinterpreted
//! datum.

use pgrx::pg_sys::{self, Datum, Oid};
use pgrx::spi::{SpiClient, SpiTupleTable};
use pgrx::FromDatum;

use crate::errors::raise;

fn failed(what: impl std::fmt::Display) -> ! {
    raise(
        "XX000",
        format!("fpdb: reading a query's rows failed: {what}"),
    )
}

/// The result of one query: its rows, read one at a time by [`Rows::for_each`].
pub(crate) struct Rows<'c> {
    /// Kept alive while its tuples are read.
    _table: SpiTupleTable<'c>,
    tuptable: *mut pg_sys::SPITupleTable,
    count: usize,
    types: Vec<Oid>,
}

/// Runs `sql` with `args` and returns its rows.
pub(crate) fn select<'c>(
    client: &SpiClient<'c>,
    sql: &str,
    args: &[pgrx::datum::DatumWithOid<'_>],
) -> Rows<'c> {
    let table = client.select(sql, None, args).unwrap_or_else(|e| failed(e));
    let count = table.len();
    // SAFETY: the query just run left its result in SPI_tuptable (pgrx's table wraps the same
    // one); its descriptor lives as long as the table, which `Rows` keeps.
    let (tuptable, types) = unsafe {
        let tuptable = pg_sys::SPI_tuptable;
        if tuptable.is_null() {
            (tuptable, Vec::new())
        } else {
            let desc = (*tuptable).tupdesc;
            let natts = (*desc).natts;
            let types = (1..=natts)
                .map(|i| pg_sys::SPI_gettypeid(desc, i))
                .collect();
            (tuptable, types)
        }
    };
    if count > 0 && tuptable.is_null() {
        failed("the query left no tuple table");
    }
    Rows {
        _table: table,
        tuptable,
        count,
        types,
    }
}

impl Rows<'_> {
    /// Calls `f` with each row, in the query's order.
    pub(crate) fn for_each(&self, mut f: impl FnMut(&Row<'_>)) {
        let natts = self.types.len();
        let mut values: Vec<Datum> = vec![Datum::from(0); natts];
        let mut nulls: Vec<bool> = vec![true; natts];
        for i in 0..self.count {
            // SAFETY: `i` is within the table's rows; the arrays have one slot per column of
            // the table's descriptor, which heap_deform_tuple fills.
            unsafe {
                let tuple = *(*self.tuptable).vals.add(i);
                pg_sys::heap_deform_tuple(
                    tuple,
                    (*self.tuptable).tupdesc,
                    values.as_mut_ptr(),
                    nulls.as_mut_ptr(),
                );
            }
            f(&Row {
                values: &values,
                nulls: &nulls,
                types: &self.types,
            });
        }
    }
}

/// One row of a query's result. Columns are numbered from 1, as in SQL.
pub(crate) struct Row<'r> {
    values: &'r [Datum],
    nulls: &'r [bool],
    types: &'r [Oid],
}

impl Row<'_> {
    /// The value of column `n` and its type, `None` when NULL.
    fn value(&self, n: usize) -> Option<(Datum, Oid)> {
        let i = n.wrapping_sub(1);
        if i >= self.values.len() {
            failed(format!("there is no column {n}"));
        }
        (!self.nulls[i]).then(|| (self.values[i], self.types[i]))
    }

    fn wrong(&self, n: usize, what: &str) -> ! {
        failed(format!(
            "column {n} is of type {}, not {what}",
            self.types[n - 1].to_u32()
        ))
    }

    /// A smallint, integer or bigint column.
    pub(crate) fn int(&self, n: usize) -> Option<i64> {
        let (d, t) = self.value(n)?;
        // By-value integers: the datum holds the value, sign-extended.
        Some(match t {
            pg_sys::INT2OID => i64::from(d.value() as i16),
            pg_sys::INT4OID => i64::from(d.value() as i32),
            pg_sys::INT8OID => d.value() as i64,
            _ => self.wrong(n, "an integer"),
        })
    }

    /// A double precision column.
    pub(crate) fn float(&self, n: usize) -> Option<f64> {
        let (d, t) = self.value(n)?;
        match t {
            // float8 is passed by value on the 64-bit platforms PostgreSQL 15 builds on here.
            pg_sys::FLOAT8OID if std::mem::size_of::<Datum>() == 8 => {
                Some(f64::from_bits(d.value() as u64))
            }
            _ => self.wrong(n, "double precision"),
        }
    }

    /// A boolean column.
    pub(crate) fn bool(&self, n: usize) -> Option<bool> {
        let (d, t) = self.value(n)?;
        match t {
            pg_sys::BOOLOID => Some(d.value() & 0xff != 0),
            _ => self.wrong(n, "boolean"),
        }
    }

    /// A text column.
    pub(crate) fn text(&self, n: usize) -> Option<String> {
        let (d, t) = self.value(n)?;
        match t {
            // SAFETY: a non-null text datum of this row.
            pg_sys::TEXTOID => unsafe { String::from_polymorphic_datum(d, false, t) },
            _ => self.wrong(n, "text"),
        }
    }

    /// Column `n`, which must not be NULL.
    pub(crate) fn need<T>(&self, n: usize, get: fn(&Self, usize) -> Option<T>) -> T {
        get(self, n).unwrap_or_else(|| failed(format!("column {n} is NULL")))
    }
}
