//! The lower scheduling priority of the server's background and heavy
//! work (the stock's fillers, boards larger than 9x9), in one place for
//! both, so that the many small requests keep the cores first.

/// The nice value of threads that run heavy work or fill the stock.
const LOWER_NICE: i32 = 10;

/// Lowers this thread's scheduling priority (Linux: nice applies per
/// thread); elsewhere, or if refused, the work runs at normal priority.
pub(crate) fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority on this thread's own id, with no pointers.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, LOWER_NICE);
    }
}
