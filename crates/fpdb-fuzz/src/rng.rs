//! The fuzzer's randomness: xorshift64*, seeded per execution.
//!
//! Every execution gets its own generator, derived from (campaign seed, target, execution
//! number) by [`Rng::for_exec`], so any input can be rebuilt from those three numbers alone,
//! whatever the number of threads or the order in which executions ran.

/// xorshift64* (Vigna): tiny, fast and good enough to pick mutations.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from any seed (0 is remapped: xorshift must not start at 0).
    pub fn new(seed: u64) -> Rng {
        Rng(splitmix(seed) | 1)
    }

    /// The generator of execution `exec` of `target` in the campaign of `seed`.
    pub fn for_exec(seed: u64, target: &str, exec: u64) -> Rng {
        // FNV-1a of the target name keeps targets' streams apart with the same seed.
        let name = target.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        Rng::new(splitmix(seed ^ name) ^ splitmix(exec.wrapping_add(0x9E37_79B9_7F4A_7C15)))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// splitmix64's finaliser: spreads nearby seeds (0, 1, 2, ...) over the whole state space.
fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn executions_are_reproducible_and_distinct() {
        let a: Vec<u64> = (0..4)
            .map(|_| Rng::for_exec(1, "stars", 7).next_u64())
            .collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(
            Rng::for_exec(1, "stars", 7).next_u64(),
            Rng::for_exec(1, "stars", 8).next_u64()
        );
        assert_ne!(
            Rng::for_exec(1, "stars", 7).next_u64(),
            Rng::for_exec(1, "split", 7).next_u64()
        );
    }
}
