//! The loadable contents of a little-endian 32-bit ELF executable: its
//! `PT_LOAD` program headers with the bytes they put into memory, at their
//! load (physical) addresses. Nothing else of the file is read.

use std::fmt;

/// A run of bytes an executable loads at `addr` (the program header's
/// physical address: initialised data is loaded into flash and copied to
/// RAM by the program itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// The load address.
    pub addr: u32,
    /// The bytes from the file (`p_filesz` of them; the rest of `p_memsz`
    /// is zeroed RAM, not loaded).
    pub data: Vec<u8>,
}

/// Why a file is not an executable this tool reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ElfError {
    /// No ELF magic number.
    NotElf,
    /// A 64-bit or big-endian ELF.
    NotElf32Le,
    /// The headers point past the end of the file.
    Truncated,
    /// Nothing to load.
    NoSegments,
}

impl fmt::Display for ElfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ElfError::NotElf => "not an ELF file",
            ElfError::NotElf32Le => "not a 32-bit little-endian ELF file",
            ElfError::Truncated => "ELF headers point past the end of the file",
            ElfError::NoSegments => "the ELF file loads nothing (no PT_LOAD segment with bytes)",
        })
    }
}

/// The program header type of a loadable segment.
const PT_LOAD: u32 = 1;

fn u16_at(file: &[u8], at: usize) -> Result<u16, ElfError> {
    let bytes = file.get(at..at + 2).ok_or(ElfError::Truncated)?;
    Ok(u16::from_le_bytes([bytes[0], bytes[1]]))
}

fn u32_at(file: &[u8], at: usize) -> Result<u32, ElfError> {
    let bytes = file.get(at..at + 4).ok_or(ElfError::Truncated)?;
    Ok(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
}

/// The `PT_LOAD` segments of `file` that carry bytes, in file order.
pub fn load_segments(file: &[u8]) -> Result<Vec<Segment>, ElfError> {
    if file.get(..4) != Some(b"\x7fELF") {
        return Err(ElfError::NotElf);
    }
    // EI_CLASS 1: 32-bit; EI_DATA 1: little-endian.
    if file.get(4..6) != Some(&[1, 1]) {
        return Err(ElfError::NotElf32Le);
    }
    let phoff = u32_at(file, 28)? as usize;
    let phentsize = u16_at(file, 42)? as usize;
    let phnum = u16_at(file, 44)? as usize;
    if phentsize < 32 {
        return Err(ElfError::Truncated);
    }
    let mut segments = Vec::new();
    for i in 0..phnum {
        let ph = phoff + i * phentsize;
        let kind = u32_at(file, ph)?;
        let offset = u32_at(file, ph + 4)? as usize;
        let paddr = u32_at(file, ph + 12)?;
        let filesz = u32_at(file, ph + 16)? as usize;
        if kind != PT_LOAD || filesz == 0 {
            continue;
        }
        let data = file
            .get(offset..offset.checked_add(filesz).ok_or(ElfError::Truncated)?)
            .ok_or(ElfError::Truncated)?;
        segments.push(Segment {
            addr: paddr,
            data: data.to_vec(),
        });
    }
    if segments.is_empty() {
        return Err(ElfError::NoSegments);
    }
    Ok(segments)
}

/// A minimal ELF32 file loading `segments` (address, bytes), with one
/// extra `PT_LOAD` of no file bytes (like `.bss`): for tests.
#[cfg(test)]
pub fn build(segments: &[(u32, &[u8])]) -> Vec<u8> {
    let phnum = segments.len() + 1;
    let mut file = vec![0u8; 52];
    file[..4].copy_from_slice(b"\x7fELF");
    file[4] = 1;
    file[5] = 1;
    file[6] = 1;
    file[18..20].copy_from_slice(&40u16.to_le_bytes()); // EM_ARM
    file[28..32].copy_from_slice(&52u32.to_le_bytes());
    file[42..44].copy_from_slice(&32u16.to_le_bytes());
    file[44..46].copy_from_slice(&(phnum as u16).to_le_bytes());
    let mut offset = 52 + 32 * phnum;
    let mut headers = Vec::new();
    for &(addr, data) in segments {
        let mut ph = [0u8; 32];
        ph[..4].copy_from_slice(&PT_LOAD.to_le_bytes());
        ph[4..8].copy_from_slice(&(offset as u32).to_le_bytes());
        ph[8..12].copy_from_slice(&addr.to_le_bytes());
        ph[12..16].copy_from_slice(&addr.to_le_bytes());
        ph[16..20].copy_from_slice(&(data.len() as u32).to_le_bytes());
        ph[20..24].copy_from_slice(&(data.len() as u32).to_le_bytes());
        headers.extend_from_slice(&ph);
        offset += data.len();
    }
    let mut bss = [0u8; 32];
    bss[..4].copy_from_slice(&PT_LOAD.to_le_bytes());
    bss[8..12].copy_from_slice(&0x2000_0000u32.to_le_bytes());
    bss[12..16].copy_from_slice(&0x2000_0000u32.to_le_bytes());
    bss[20..24].copy_from_slice(&64u32.to_le_bytes());
    headers.extend_from_slice(&bss);
    file.extend_from_slice(&headers);
    for &(_, data) in segments {
        file.extend_from_slice(data);
    }
    file
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_loaded_segments_and_skips_bss() {
        let file = build(&[(0x1000_0000, &[1, 2, 3]), (0x1000_0100, &[4; 300])]);
        let segments = load_segments(&file).unwrap();
        assert_eq!(segments.len(), 2);
        assert_eq!(segments[0].addr, 0x1000_0000);
        assert_eq!(segments[0].data, [1, 2, 3]);
        assert_eq!(segments[1].data.len(), 300);
    }

    #[test]
    fn refuses_what_it_cannot_read() {
        assert_eq!(load_segments(b"MZ\x90\x00"), Err(ElfError::NotElf));
        let mut file = build(&[(0x1000_0000, &[1])]);
        file[4] = 2;
        assert_eq!(load_segments(&file), Err(ElfError::NotElf32Le));
        let file = build(&[(0x1000_0000, &[1, 2, 3])]);
        assert_eq!(
            load_segments(&file[..file.len() - 1]),
            Err(ElfError::Truncated)
        );
        assert_eq!(load_segments(&file[..60]), Err(ElfError::Truncated));
        assert_eq!(load_segments(&build(&[])), Err(ElfError::NoSegments));
    }
}
