//! owlet-firmware: the device side of owlet. For now, the GTP console.
#![no_std]
