//! The thread pool through its Rust API (`tail_rt::pool`): every index runs exactly once,
//! nested loops run sequentially on their thread, panics come back as errors.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;

use tail_rt::pool::{num_threads, parallel_for, parallel_ranges};

#[test]
fn every_index_once() {
    for n in [0i64, 1, 2, 7, 1000, 100_003] {
        let hits: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
        parallel_for(n, &|i| {
            hits[i as usize].fetch_add(1, Ordering::Relaxed);
        })
        .unwrap();
        assert!(
            hits.iter().all(|h| h.load(Ordering::Relaxed) == 1),
            "n = {n}"
        );
    }
    // A negative count runs nothing.
    parallel_for(-5, &|_| panic!("must not run")).unwrap();
}

#[test]
fn uses_several_threads() {
    let threads = Mutex::new(std::collections::HashSet::new());
    parallel_for(10_000, &|_| {
        threads.lock().unwrap().insert(std::thread::current().id());
        std::hint::black_box((0..200).sum::<u64>());
    })
    .unwrap();
    let used = threads.lock().unwrap().len();
    assert!(used >= 1 && used <= num_threads().unwrap(), "{used}");
}

#[test]
fn nested_loops_run_sequentially() {
    let total = AtomicU64::new(0);
    let crossed = AtomicBool::new(false);
    parallel_for(64, &|i| {
        let me = std::thread::current().id();
        parallel_for(100, &|j| {
            if std::thread::current().id() != me {
                crossed.store(true, Ordering::Relaxed);
            }
            total.fetch_add((i * 100 + j) as u64, Ordering::Relaxed);
        })
        .unwrap();
    })
    .unwrap();
    assert!(
        !crossed.load(Ordering::Relaxed),
        "a nested loop left its thread"
    );
    assert_eq!(total.load(Ordering::Relaxed), (0..6400u64).sum::<u64>());
}

#[test]
fn panics_are_reported() {
    let ran = AtomicU32::new(0);
    let r = parallel_for(10_000, &|i| {
        ran.fetch_add(1, Ordering::Relaxed);
        if i == 1234 {
            panic!("iteration {i} failed");
        }
    });
    assert_eq!(r, Err("iteration 1234 failed".to_string()));
    // The pool is still usable afterwards.
    let count = AtomicU32::new(0);
    parallel_for(500, &|_| {
        count.fetch_add(1, Ordering::Relaxed);
    })
    .unwrap();
    assert_eq!(count.load(Ordering::Relaxed), 500);
    // A panic in a nested loop is reported by the nested call.
    let r = parallel_for(4, &|_| {
        let inner = parallel_for(3, &|j| assert!(j < 2, "inner {j}"));
        assert_eq!(inner, Err("inner 2".to_string()));
    });
    assert_eq!(r, Ok(()));
}

#[test]
fn concurrent_submitters_take_turns() {
    let sum = AtomicU64::new(0);
    std::thread::scope(|s| {
        for t in 0..4u64 {
            let sum = &sum;
            s.spawn(move || {
                for _ in 0..20 {
                    parallel_for(1000, &|i| {
                        sum.fetch_add(t * 1000 + i as u64, Ordering::Relaxed);
                    })
                    .unwrap();
                }
            });
        }
    });
    let per_run: u64 = (0..1000u64).sum();
    let expected: u64 = (0..4u64).map(|t| 20 * (t * 1000 * 1000 + per_run)).sum();
    assert_eq!(sum.load(Ordering::Relaxed), expected);
}

#[test]
fn ranges_cover_every_index_once() {
    for n in [1i64, 5, 64, 99_991] {
        let hits: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
        let calls = AtomicU32::new(0);
        parallel_ranges(n, &|start, end| {
            assert!(0 <= start && start < end && end <= n, "[{start}, {end})");
            calls.fetch_add(1, Ordering::Relaxed);
            for i in start..end {
                hits[i as usize].fetch_add(1, Ordering::Relaxed);
            }
        })
        .unwrap();
        assert!(
            hits.iter().all(|h| h.load(Ordering::Relaxed) == 1),
            "n = {n}"
        );
        // Chunks, not single indices (unless the loop is tiny).
        assert!(
            calls.load(Ordering::Relaxed) as i64 <= n.min(8 * num_threads().unwrap() as i64 + 1)
        );
    }
    // Nested: one range on the calling thread.
    parallel_ranges(4, &|_, _| {
        let inner = Mutex::new(Vec::new());
        parallel_ranges(10, &|s, e| inner.lock().unwrap().push((s, e))).unwrap();
        assert_eq!(*inner.lock().unwrap(), [(0, 10)]);
    })
    .unwrap();
}
