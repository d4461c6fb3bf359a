# Writes a tiny x86-64 ELF whose DWARF 4 line program is damaged: an extended opcode claims
# 0xfffffff0 bytes. .debug_info is intact: UNITS units, each a compile unit [0x1000, 0x1100) with
# one subprogram `f` over the same range. COPIES DW_LNS_copy ops come before the bad opcode.
# Usage: gen-bad-line-program.py UNITS COPIES OUT  (build.sh: 1 10)
import struct,sys
units=int(sys.argv[1]); copies=int(sys.argv[2]); out=sys.argv[3]
abbrev=bytes([1,0x11,1, 0x10,0x17, 0x11,0x01, 0x12,0x06, 0,0, 2,0x2e,0, 0x03,0x08, 0x11,0x01, 0x12,0x06, 0,0, 0])
info=b''
for i in range(units):
    body=struct.pack('<HIB',4,0,8)+bytes([1])+struct.pack('<IQI',0,0x1000,0x100)+bytes([2])+b'f\0'+struct.pack('<QI',0x1000,0x100)+b'\0'
    info+=struct.pack('<I',len(body))+body
hdr=bytes([1,1,1,(-5)&0xff,14,13])+bytes([0,1,1,1,1,0,0,0,1,0,0,1])+b'\0'+b'a.c\0\0\0\0'+b'\0'
prog=bytes([0,9,2])+struct.pack('<Q',0x1000)+b'\x13'*copies+bytes([0,0xf0,0xff,0xff,0xff,0x0f,0x01])+bytes([2,0x80,2])+bytes([0,1,1])
body=struct.pack('<H',4)+struct.pack('<I',len(hdr))+hdr+prog
line=struct.pack('<I',len(body))+body
text=b'\xc3'*0x100
shstr=b'\0.text\0.debug_abbrev\0.debug_info\0.debug_line\0.shstrtab\0'
def nm(s): return shstr.index(s.encode()+b'\0')
secs=[('.text',1,6,0x1000,text),('.debug_abbrev',1,0,0,abbrev),('.debug_info',1,0,0,info),('.debug_line',1,0,0,line),('.shstrtab',3,0,0,shstr)]
data=bytearray(64)
offs=[]
for s in secs:
    while len(data)%8: data.append(0)
    offs.append(len(data)); data+=s[4]
while len(data)%8: data.append(0)
shoff=len(data)
sh=bytearray(64)
for (n,t,f,a,b),o in zip(secs,offs):
    sh+=struct.pack('<IIQQQQIIQQ',nm(n),t,f,a,o,len(b),0,0,1,0)
data+=sh
ehdr=b'\x7fELF\x02\x01\x01'+b'\0'*9+struct.pack('<HHIQQQIHHHHHH',3,62,1,0x1000,0,shoff,0,64,56,0,64,len(secs)+1,len(secs))
data[0:64]=ehdr
open(out,'wb').write(data)
