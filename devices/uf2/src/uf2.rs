//! UF2 files for the RP2040's boot ROM (the USB mass-storage bootloader,
//! the `RPI-RP2` drive): 512-byte blocks, each carrying one 256-byte flash
//! page at its address, in address order, with the RP2040 family ID.
//!
//! The format: <https://github.com/microsoft/uf2>. Pages the program
//! touches only in part are padded with zeros; pages it does not touch are
//! left out (the boot ROM leaves them as they are).

use std::collections::BTreeMap;
use std::fmt;

use crate::elf::Segment;

/// First magic number of a block (`"UF2\n"`).
pub const MAGIC_START0: u32 = 0x0A32_4655;
/// Second magic number of a block.
pub const MAGIC_START1: u32 = 0x9E5D_5157;
/// Magic number at the end of a block.
pub const MAGIC_END: u32 = 0x0AB1_6F30;
/// Flag: the block's word 7 is a family ID.
pub const FLAG_FAMILY_ID_PRESENT: u32 = 0x0000_2000;
/// The RP2040's family ID.
pub const RP2040_FAMILY_ID: u32 = 0xE48B_FF56;
/// Bytes of flash each block carries (the RP2040's flash page).
pub const PAGE: u32 = 256;
/// Bytes of a block.
pub const BLOCK: usize = 512;
/// Where the RP2040's flash is mapped (execute in place); the boot ROM
/// runs the second-stage bootloader from its first 256 bytes.
pub const FLASH_START: u32 = 0x1000_0000;
/// The end of the flash window (16 MiB, the most the RP2040 maps).
pub const FLASH_END: u32 = 0x1100_0000;

/// Why segments do not make an RP2040 UF2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uf2Error {
    /// A segment lies (partly) outside the flash window.
    OutsideFlash {
        /// The segment's load address.
        addr: u32,
        /// Its length.
        len: usize,
    },
    /// Two segments load into the same bytes.
    Overlap(u32),
    /// Nothing at the start of flash: no second-stage bootloader, the
    /// boot ROM would not start the program.
    NoBoot2,
}

impl fmt::Display for Uf2Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Uf2Error::OutsideFlash { addr, len } => write!(
                f,
                "{len} bytes loaded at {addr:#010x} are outside the RP2040's flash \
                 ({FLASH_START:#010x}..{FLASH_END:#010x})"
            ),
            Uf2Error::Overlap(addr) => write!(f, "two segments load into {addr:#010x}"),
            Uf2Error::NoBoot2 => write!(
                f,
                "nothing loads at {FLASH_START:#010x}: no second-stage bootloader (boot2)"
            ),
        }
    }
}

/// The flash pages `segments` fill, by address, zero-padded.
pub fn pages(segments: &[Segment]) -> Result<BTreeMap<u32, [u8; PAGE as usize]>, Uf2Error> {
    let mut sorted: Vec<&Segment> = segments.iter().collect();
    sorted.sort_by_key(|s| s.addr);
    let mut end_so_far = FLASH_START;
    let mut pages = BTreeMap::new();
    for segment in sorted {
        let outside = Uf2Error::OutsideFlash {
            addr: segment.addr,
            len: segment.data.len(),
        };
        let end = u32::try_from(segment.data.len())
            .ok()
            .and_then(|len| segment.addr.checked_add(len))
            .ok_or(outside.clone())?;
        if segment.addr < FLASH_START || end > FLASH_END {
            return Err(outside);
        }
        if segment.addr < end_so_far && !pages.is_empty() {
            return Err(Uf2Error::Overlap(segment.addr));
        }
        end_so_far = end;
        for (i, &byte) in segment.data.iter().enumerate() {
            let addr = segment.addr + i as u32;
            let page = pages
                .entry(addr - addr % PAGE)
                .or_insert([0u8; PAGE as usize]);
            page[(addr % PAGE) as usize] = byte;
        }
    }
    if !pages.contains_key(&FLASH_START) {
        return Err(Uf2Error::NoBoot2);
    }
    Ok(pages)
}

/// The UF2 file of `segments`: one block per flash page.
pub fn convert(segments: &[Segment]) -> Result<Vec<u8>, Uf2Error> {
    let pages = pages(segments)?;
    let count = pages.len() as u32;
    let mut file = Vec::with_capacity(pages.len() * BLOCK);
    for (number, (addr, data)) in pages.iter().enumerate() {
        let words = [
            MAGIC_START0,
            MAGIC_START1,
            FLAG_FAMILY_ID_PRESENT,
            *addr,
            PAGE,
            number as u32,
            count,
            RP2040_FAMILY_ID,
        ];
        for word in words {
            file.extend_from_slice(&word.to_le_bytes());
        }
        file.extend_from_slice(data);
        file.resize(file.len() + (BLOCK - 32 - PAGE as usize - 4), 0);
        file.extend_from_slice(&MAGIC_END.to_le_bytes());
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elf::{build, load_segments};

    fn word(block: &[u8], i: usize) -> u32 {
        u32::from_le_bytes(block[4 * i..4 * i + 4].try_into().unwrap())
    }

    #[test]
    fn one_block_per_page_in_order() {
        // boot2 (256 bytes), then a segment across a page boundary, then a
        // lone byte further on (like .data after .rodata).
        let boot2 = [0xb0; 256];
        let text = [0x7e; 300];
        let file = build(&[
            (0x1000_0000, &boot2),
            (0x1000_0100, &text),
            (0x1000_1000, &[0xda]),
        ]);
        let uf2 = convert(&load_segments(&file).unwrap()).unwrap();
        assert_eq!(uf2.len(), 4 * BLOCK);
        let addrs = [0x1000_0000, 0x1000_0100, 0x1000_0200, 0x1000_1000];
        for (i, block) in uf2.chunks(BLOCK).enumerate() {
            assert_eq!(word(block, 0), MAGIC_START0);
            assert_eq!(word(block, 1), MAGIC_START1);
            assert_eq!(word(block, 2), FLAG_FAMILY_ID_PRESENT);
            assert_eq!(word(block, 3), addrs[i]);
            assert_eq!(word(block, 4), 256);
            assert_eq!(word(block, 5), i as u32);
            assert_eq!(word(block, 6), 4);
            assert_eq!(word(block, 7), RP2040_FAMILY_ID);
            assert_eq!(word(block, 127), MAGIC_END);
            assert!(block[32 + 256..508].iter().all(|&b| b == 0));
        }
        let third = &uf2[2 * BLOCK + 32..2 * BLOCK + 32 + 256];
        assert!(third[..44].iter().all(|&b| b == 0x7e));
        assert!(third[44..].iter().all(|&b| b == 0));
        assert_eq!(uf2[3 * BLOCK + 32], 0xda);
    }

    #[test]
    fn refuses_ram_overlaps_and_a_missing_boot2() {
        let ram = Segment {
            addr: 0x2000_0000,
            data: vec![1],
        };
        assert!(matches!(
            convert(&[ram]),
            Err(Uf2Error::OutsideFlash { .. })
        ));
        let past_end = Segment {
            addr: FLASH_END - 1,
            data: vec![1, 2],
        };
        assert!(matches!(
            convert(&[past_end]),
            Err(Uf2Error::OutsideFlash { .. })
        ));
        let a = Segment {
            addr: FLASH_START,
            data: vec![1; 16],
        };
        let b = Segment {
            addr: FLASH_START + 8,
            data: vec![2; 16],
        };
        assert_eq!(convert(&[a, b]), Err(Uf2Error::Overlap(FLASH_START + 8)));
        let late = Segment {
            addr: FLASH_START + 0x100,
            data: vec![1],
        };
        assert_eq!(convert(&[late]), Err(Uf2Error::NoBoot2));
    }
}
