//! The two functions UCT needs, for `no_std`: `core` has no `ln` or `sqrt`
//! on stable Rust. Written out here, they also give the same bits on every
//! platform, so a search is reproducible everywhere from its seed.

/// `ln(2)`, to the precision of `f64`.
const LN_2: f64 = core::f64::consts::LN_2;

/// The natural logarithm of `x` for `x > 0` (and `-inf` at 0, NaN below):
/// `x = m * 2^e` with `m` in `[1, 2)`, then `ln m = 2 atanh((m-1)/(m+1))`
/// by its series, whose argument stays under 1/3.
pub(crate) fn ln(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 {
        return f64::NEG_INFINITY;
    }
    if x.is_infinite() {
        return x;
    }
    let mut bits = x.to_bits();
    let mut exponent = ((bits >> 52) & 0x7ff) as i64;
    if exponent == 0 {
        // Subnormal: scale into the normal range first.
        bits = (x * (1u64 << 54) as f64).to_bits();
        exponent = ((bits >> 52) & 0x7ff) as i64 - 54;
    }
    let mantissa = f64::from_bits((bits & 0x000f_ffff_ffff_ffff) | 0x3ff0_0000_0000_0000);
    let z = (mantissa - 1.0) / (mantissa + 1.0);
    let z2 = z * z;
    let mut term = z;
    let mut sum = 0.0;
    let mut k = 1.0;
    while k < 40.0 {
        sum += term / k;
        term *= z2;
        k += 2.0;
    }
    (exponent - 1023) as f64 * LN_2 + 2.0 * sum
}

/// The square root of `x` for `x >= 0` (NaN below): Newton's method from a
/// guess that halves the exponent.
pub(crate) fn sqrt(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 || x.is_infinite() {
        return x;
    }
    let mut guess = f64::from_bits((x.to_bits() >> 1) + (0x3ff0_0000_0000_0000 >> 1));
    for _ in 0..6 {
        guess = 0.5 * (guess + x / guess);
    }
    guess
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    #[test]
    fn ln_matches_the_standard_library() {
        for &x in &[
            1e-300,
            1e-10,
            0.001,
            0.3,
            0.5,
            1.0,
            1.5,
            2.0,
            2.7,
            3.0,
            10.0,
            1000.0,
            1e6,
            123_456_789.0,
            1e300,
            5e-324,
        ] {
            let want = std::primitive::f64::ln(x);
            let got = ln(x);
            assert!(
                (got - want).abs() <= 1e-12 * want.abs().max(1.0),
                "ln({x}) = {got}, want {want}"
            );
        }
        assert_eq!(ln(0.0), f64::NEG_INFINITY);
        assert!(ln(-1.0).is_nan());
    }

    #[test]
    fn sqrt_matches_the_standard_library() {
        for &x in &[1e-300, 1e-10, 0.25, 0.5, 1.0, 2.0, 3.0, 10.0, 1e6, 1e300] {
            let want = std::primitive::f64::sqrt(x);
            let got = sqrt(x);
            assert!(
                (got - want).abs() <= 1e-14 * want,
                "sqrt({x}) = {got}, want {want}"
            );
        }
        assert_eq!(sqrt(0.0), 0.0);
        assert!(sqrt(-1.0).is_nan());
    }
}
