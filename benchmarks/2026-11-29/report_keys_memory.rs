// Peak memory of the guided search's set of reported forms, held as
// 81-character strings or as 128-bit FNV-1a keys, for a million forms.
// Build and run: rustc -O report_keys_memory.rs &&
//   for m in none strings keys; do /usr/bin/time -f "$m %M KB" ./report_keys_memory $m; done
use std::collections::HashSet;

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let n = 1_000_000u64;
    let form = |i: u64| format!("{:081}", i.wrapping_mul(0x9e37_79b9_7f4a_7c15) % 10u64.pow(18));
    let key = |f: String| {
        f.bytes().fold(0x6c62_272e_07bb_0142_62b8_2175_6295_c58du128, |h, b| {
            (h ^ u128::from(b)).wrapping_mul(0x0000_0000_0100_0000_0000_0000_0000_013b)
        })
    };
    let len = match mode.as_str() {
        "strings" => (0..n).map(form).collect::<HashSet<String>>().len(),
        "keys" => (0..n).map(|i| key(form(i))).collect::<HashSet<u128>>().len(),
        _ => 0,
    };
    println!("{len}");
}
