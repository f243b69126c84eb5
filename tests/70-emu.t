#!/bin/sh
# trace-emu, the kernel emulator behind samples/: see samples/emu/test-emu.sh
exec bash "$(dirname "$0")/../samples/emu/test-emu.sh" "${WT_BUILD:-build}/bin/trace-emu"
