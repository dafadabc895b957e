//! The memory allocator of plugins built with the SDK (feature `call-allocator`, on by default).
//!
//! Every call runs in a fresh instance that the host drops after it, so what a call allocates
//! is gone with the instance anyway. Small requests are therefore served by bumping a pointer
//! through chunks taken from the module's memory (`memory.grow`), and freeing them does nothing
//! (except for the latest one, which is given back, so a buffer that grows at the end of the
//! chunk grows in place). It costs a few instructions per request where a general allocator
//! costs a hundred or more; measured with the contacts list call, it took about a third of the
//! guest's instructions away (`bench/plugin-overhead/README.md`).
//!
//! What never comes back is bounded: large requests, and every request once the chunks reach
//! [`CAP`] in all, go to the standard allocator, which reuses what is freed, so a call that
//! allocates and frees a great deal runs as it would without this. Memory allocated during the
//! host's pre-initialization is bumped the same way and stays in the state every call starts
//! from. A plugin that wants another allocator turns the feature off.

use std::cell::Cell;

/// Requests larger than this go to the standard allocator.
pub const LARGE: usize = 64 << 10;
/// What is taken from the module's memory at a time.
pub const CHUNK: usize = 256 << 10;
/// The most taken in all for bumping; past it the standard allocator serves every request.
pub const CAP: usize = 8 << 20;

const PAGE: usize = 64 << 10;
/// One bit per 64 KiB page of the 4 GiB a 32-bit memory can address: whether it is a chunk's.
const BITMAP_WORDS: usize = (1 << 16) / 64;

/// The bump allocator's state, over addresses (it never reads or writes the memory itself).
pub struct Arena {
    next: Cell<usize>,
    end: Cell<usize>,
    /// The start of the latest allocation, for giving it back or growing it in place.
    last: Cell<usize>,
    taken: Cell<usize>,
    pages: [Cell<u64>; BITMAP_WORDS],
}

// Plugins are single-threaded: wasm32 without threads.
unsafe impl Sync for Arena {}

impl Arena {
    pub const fn new() -> Arena {
        Arena {
            next: Cell::new(0),
            end: Cell::new(0),
            last: Cell::new(usize::MAX),
            taken: Cell::new(0),
            pages: [const { Cell::new(0) }; BITMAP_WORDS],
        }
    }

    /// An address for `size` bytes aligned to `align`, or `None` when the standard allocator
    /// should serve it. `grow(bytes)` takes fresh memory and gives its address (page-aligned).
    pub fn alloc(&self, size: usize, align: usize, grow: impl FnOnce(usize) -> Option<usize>) -> Option<usize> {
        if size > LARGE || align > PAGE {
            return None;
        }
        let start = match self.fit(size, align) {
            Some(start) => start,
            None => {
                if self.taken.get() + CHUNK > CAP {
                    return None;
                }
                let base = grow(CHUNK)?;
                self.taken.set(self.taken.get() + CHUNK);
                for page in (base..base + CHUNK).step_by(PAGE) {
                    let (word, bit) = (page / PAGE / 64, page / PAGE % 64);
                    self.pages[word].set(self.pages[word].get() | 1 << bit);
                }
                self.next.set(base);
                self.end.set(base + CHUNK);
                self.fit(size, align)?
            }
        };
        self.next.set(start + size);
        self.last.set(start);
        Some(start)
    }

    fn fit(&self, size: usize, align: usize) -> Option<usize> {
        let start = self.next.get().checked_add(align - 1)? & !(align - 1);
        (start.checked_add(size)? <= self.end.get() && self.end.get() != 0).then_some(start)
    }

    /// Whether `addr` was given by this arena (else the standard allocator gave it).
    pub fn owns(&self, addr: usize) -> bool {
        let page = addr / PAGE;
        page / 64 < BITMAP_WORDS && self.pages[page / 64].get() & 1 << (page % 64) != 0
    }

    /// Give back `addr`: only the latest allocation is taken back.
    pub fn free(&self, addr: usize) {
        if addr == self.last.get() {
            self.next.set(addr);
            self.last.set(usize::MAX);
        }
    }

    /// Make the latest allocation `addr` `new_size` long where it is, if it fits.
    pub fn grow_in_place(&self, addr: usize, new_size: usize) -> bool {
        if addr != self.last.get() || new_size > LARGE || addr + new_size > self.end.get() {
            return false;
        }
        self.next.set(addr + new_size);
        true
    }
}

#[cfg(all(target_arch = "wasm32", feature = "call-allocator"))]
mod global {
    use std::alloc::{GlobalAlloc, Layout, System};

    use super::{Arena, PAGE};

    struct CallAllocator;

    static ARENA: Arena = Arena::new();

    fn grow(bytes: usize) -> Option<usize> {
        let previous = core::arch::wasm32::memory_grow(0, bytes / PAGE);
        (previous != usize::MAX).then(|| previous * PAGE)
    }

    unsafe impl GlobalAlloc for CallAllocator {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            match ARENA.alloc(layout.size(), layout.align(), grow) {
                Some(addr) => addr as *mut u8,
                None => unsafe { System.alloc(layout) },
            }
        }

        unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
            match ARENA.alloc(layout.size(), layout.align(), grow) {
                Some(addr) => {
                    // Given-back memory may hold old bytes.
                    unsafe { core::ptr::write_bytes(addr as *mut u8, 0, layout.size()) };
                    addr as *mut u8
                }
                None => unsafe { System.alloc_zeroed(layout) },
            }
        }

        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            if ARENA.owns(ptr as usize) {
                ARENA.free(ptr as usize);
            } else {
                unsafe { System.dealloc(ptr, layout) }
            }
        }

        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            if !ARENA.owns(ptr as usize) {
                return unsafe { System.realloc(ptr, layout, new_size) };
            }
            if new_size <= layout.size() || ARENA.grow_in_place(ptr as usize, new_size) {
                return ptr;
            }
            let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
            let new = unsafe { self.alloc(new_layout) };
            if !new.is_null() {
                unsafe { core::ptr::copy_nonoverlapping(ptr, new, layout.size()) };
            }
            new
        }
    }

    #[global_allocator]
    static GLOBAL: CallAllocator = CallAllocator;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A memory whose growth starts at `base` (and another allocator's memory may sit between
    /// chunks: `gap` bytes each time).
    fn memory(base: usize, gap: usize) -> impl FnMut(usize) -> Option<usize> {
        let mut top = base;
        move |bytes| {
            let at = top;
            top += bytes + gap;
            Some(at)
        }
    }

    #[test]
    fn bumps_aligned_and_gives_back_only_the_latest() {
        let arena = Arena::new();
        let mut grow = memory(PAGE * 10, 0);
        let a = arena.alloc(3, 1, &mut grow).unwrap();
        assert_eq!(a, PAGE * 10);
        let b = arena.alloc(8, 8, &mut grow).unwrap();
        assert_eq!(b, PAGE * 10 + 8);
        // An earlier allocation is not taken back; the latest is.
        arena.free(a);
        assert_eq!(arena.alloc(1, 1, &mut grow).unwrap(), b + 8);
        let c = arena.alloc(16, 16, &mut grow).unwrap();
        arena.free(c);
        assert_eq!(arena.alloc(16, 16, &mut grow).unwrap(), c);
        assert!(arena.owns(a) && arena.owns(c) && !arena.owns(PAGE * 9) && !arena.owns(PAGE * 10 + CHUNK));
    }

    #[test]
    fn the_latest_grows_in_place_while_it_fits() {
        let arena = Arena::new();
        let mut grow = memory(PAGE, 0);
        let a = arena.alloc(10, 1, &mut grow).unwrap();
        assert!(arena.grow_in_place(a, 1000));
        let b = arena.alloc(4, 4, &mut grow).unwrap();
        assert_eq!(b, a + 1000);
        assert!(!arena.grow_in_place(a, 2000), "not the latest any more");
        assert!(!arena.grow_in_place(b, LARGE + 1), "large sizes go to the standard allocator");
    }

    #[test]
    fn large_requests_and_what_passes_the_cap_go_to_the_standard_allocator() {
        let arena = Arena::new();
        let (grown, mut inner) = (Cell::new(0), memory(PAGE, PAGE * 3));
        let mut grow = |bytes| {
            grown.set(grown.get() + 1);
            inner(bytes)
        };
        assert_eq!(arena.alloc(LARGE + 1, 8, &mut grow), None);
        assert_eq!(arena.alloc(8, PAGE * 2, &mut grow), None);
        let mut served = 0;
        while let Some(addr) = arena.alloc(LARGE, 8, &mut grow) {
            assert!(arena.owns(addr) && arena.owns(addr + LARGE - 1));
            served += LARGE;
        }
        assert_eq!((served, grown.get()), (CAP, CAP / CHUNK));
        // Between chunks, the other allocator's memory is not the arena's.
        assert!(arena.owns(PAGE + CHUNK - 1) && !arena.owns(PAGE + CHUNK) && arena.owns(PAGE + CHUNK + PAGE * 3));
        // Past the cap, small requests go elsewhere too.
        assert_eq!(arena.alloc(1, 1, &mut grow), None);
    }

    #[test]
    fn no_memory_left_means_the_standard_allocator_tries() {
        let arena = Arena::new();
        assert_eq!(arena.alloc(8, 8, |_| None), None);
        assert!(!arena.owns(0));
    }
}
